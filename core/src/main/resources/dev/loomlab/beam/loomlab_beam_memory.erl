%% loomlab's BEAM measurements of what processes weigh: idle, hibernated and stateful processes,
%% the million sleeping tasks, and the +P limit. Called by loomlab_beam, which prints the JSON.
-module(loomlab_beam_memory).
-export([idle_group/3, tasks/2, limit/1]).
-export([idle/0, hibernating/0, woken/0, holder/1, sleeper/2]).
-import(loomlab_beam, [now_ns/0, spawn_n/5, await_all/2, stop_all/1, settled_memory/0, mem_of/1, proc_status/1, percentile/3]).

-define(WAIT_MS, 120000).

%% N idle processes: memory per process, by the VM's own accounting and by process_info.
%% bytesPerProcess is the growth of erlang:memory(processes_used); allocatedBytesPerProcess that of
%% erlang:memory(processes), which after run 1 leaves out the process structures the allocator kept
%% from the previous run's processes (see loomlab_beam:settled_memory/0).
idle_group(N, Body, Until) ->
    {Fun, Args} = case Body of {F, A} -> {F, A}; F -> {F, []} end,
    erlang:garbage_collect(),
    {Used0, Alloc0} = settled_memory(),
    Self0 = mem_of(self()),
    Rss0 = proc_status("VmRSS"),
    T0 = now_ns(),
    Pids = spawn_n(N, ?MODULE, Fun, Args, []),
    T1 = now_ns(),
    await_all(Pids, Until),
    T2 = now_ns(),
    erlang:garbage_collect(),
    {Used1, Alloc1} = settled_memory(),
    Self1 = mem_of(self()),
    Rss1 = proc_status("VmRSS"),
    Info = lists:sum([mem_of(P) || P <- Pids]),
    One = erlang:process_info(hd(Pids), [heap_size, total_heap_size]),
    stop_all(Pids),
    [{"bytesPerProcess", ((Used1 - Used0) - (Self1 - Self0)) / N},
     {"allocatedBytesPerProcess", ((Alloc1 - Alloc0) - (Self1 - Self0)) / N},
     {"processInfoBytesPerProcess", Info / N},
     {"rssBytesPerProcess", (Rss1 - Rss0) / N},
     {"nsPerSpawn", (T1 - T0) / N},
     {"nsToAllParked", (T2 - T0) / N},
     {"totalMillis", (T1 - T0) / 1.0e6},
     {"heapWords", proplists:get_value(heap_size, One)},
     {"totalHeapWords", proplists:get_value(total_heap_size, One)}].

idle() -> receive stop -> ok end.
hibernating() -> erlang:hibernate(?MODULE, woken, []).
woken() -> receive stop -> ok end.
holder(M) ->
    List = lists:seq(1, M),
    receive stop -> length(List) end.

%% The million-tasks benchmark: N processes that each sleep, then all are awaited.
tasks(N, SleepMs) ->
    Parent = self(),
    T0 = now_ns(),
    spawn_n(N, ?MODULE, sleeper, [Parent, SleepMs], []),
    T1 = now_ns(),
    RssAsleep = proc_status("VmRSS"),
    await_done(N),
    T2 = now_ns(),
    Peak = proc_status("VmHWM"),
    [{"peakMegabytes", Peak / 1048576},
     {"peakRssBytes", Peak},
     {"rssAsleepBytes", RssAsleep},
     {"spawnMillis", (T1 - T0) / 1.0e6},
     {"elapsedMillis", (T2 - T0) / 1.0e6},
     {"allAsleepAtOnce", case (T1 - T0) div 1000000 < SleepMs of true -> 1; false -> 0 end}].

sleeper(Parent, SleepMs) ->
    receive after SleepMs -> ok end,
    Parent ! task_done.

await_done(0) -> ok;
await_done(N) -> receive task_done -> await_done(N - 1) after ?WAIT_MS * 10 -> error(tasks_timeout) end.

%% Spawns until the limit refuses one: where it stops and what it says.
limit(N) ->
    Before = erlang:system_info(process_count),
    {Spawned, Refused} = try_spawn(N, []),
    Live = erlang:system_info(process_count),
    stop_all(Spawned),
    [{"processLimit", erlang:system_info(process_limit)},
     {"attempted", N},
     {"spawned", length(Spawned)},
     {"liveProcesses", Live},
     {"processesBefore", Before},
     {"refused", case Refused of true -> 1; false -> 0 end}].

try_spawn(0, Acc) -> {Acc, false};
try_spawn(N, Acc) ->
    try spawn(?MODULE, idle, []) of
        P -> try_spawn(N - 1, [P | Acc])
    catch
        error:system_limit -> {Acc, true}
    end.
