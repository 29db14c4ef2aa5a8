/**
 * One class per article, a method per section of its notebooks: {@code UnMillion} (the French
 * article, notebooks 01 and 01b), {@code Karui} (the Japanese one, 02 and 02b), {@code MillionTasks}
 * (the million sleeping tasks, 03), {@code Klab} (KLab's, 04) and {@code UnterLast} (the German one,
 * 05). Each says which sizes, which published rows and which words; the experiments time, and the
 * general helpers of {@code api} ({@code Loomlab}, {@code ReaderCell}, the tiers) are shared. The
 * classes beside them serve one article each: a runner ({@code HibernatedMillions}), a rule
 * table ({@code ProcessLimits}) and its tables ({@code ContainerWeight}, {@code TasksRuns},
 * {@code KlabRing}, {@code ProcessMemory}, {@code UnitWeights}, …). Every table is a
 * {@link dev.loomlab.view.Grid}; BEAM here comes from {@link dev.loomlab.beam.BeamHere}.
 */
package dev.loomlab.articles;
