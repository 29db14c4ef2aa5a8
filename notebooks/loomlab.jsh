// loomlab's startup for jshell and the notebook kernel: the toolkit and its helpers in scope.
import dev.loomlab.api.*;
import dev.loomlab.articles.*;
import static dev.loomlab.api.Loomlab.*;
import dev.loomlab.process.*;
import dev.loomlab.experiment.*;
import dev.loomlab.measure.*;
// the reader's building blocks: Gc.settle() (the heap after a full GC), Parked.awaitAll, GcWindow.afterFullGc() (the clock), untilSteady
import static dev.loomlab.measure.SteadyState.untilSteady;
import dev.loomlab.published.*;
import dev.loomlab.util.*;
import tech.tablesaw.api.*;
import org.knowm.xchart.*;
import java.time.Duration;
// the reader cells' counters and flags; on JDK 25 jshell's DEFAULT (import module java.base) has them already, on JDK 21 not
import java.util.concurrent.atomic.*;
import dev.loomlab.load.*;
import dev.loomlab.supervise.*;
import dev.loomlab.display.ChartFiles;
import dev.loomlab.fresh.*;
// in ./loomlab jshell a printed chart is written to a PNG file (and opened where there is a desktop); a no-op in the notebook kernel
ChartFiles.inJshell();
