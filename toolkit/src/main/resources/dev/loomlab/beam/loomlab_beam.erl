%% loomlab's measurements on BEAM, the Erlang side.
%%
%% Started by the toolkit in a fresh VM per measurement:
%%   erl -noinput +P Limit [+S S] [+hms W] -pa Dir -eval "loomlab_beam:main()" -extra Exp N M K Key=Value...
%% It repeats the measurement K times in this one VM (run 1 is the cold one), then prints exactly
%% one JSON object on standard output and halts. A failure is reported in that object, never as a
%% hang: the Java side kills the VM at its deadline anyway.
-module(loomlab_beam).
-export([main/0, idle/0, hibernating/0, woken/0, holder/1, sleeper/2, busy/1, echo/0]).

-define(WAIT_MS, 120000).

main() ->
    %% the VM's own reports (e.g. "Too many processes") go to standard error: standard output is the JSON's
    _ = logger:remove_handler(default),
    _ = logger:add_handler(default, logger_std_h, #{config => #{type => standard_error}}),
    [Exp, NS, MS, KS | Rest] = init:get_plain_arguments(),
    N = list_to_integer(NS),
    M = list_to_integer(MS),
    K = list_to_integer(KS),
    Opts = [list_to_tuple(string:split(O, "=")) || O <- Rest],
    Head = [{"experiment", list_to_binary(Exp)}, {"n", N}, {"m", M}] ++ vm(),
    Body = try
               run(Exp, N, M, K, Opts)
           catch
               throw:{system_limit, Done, Runs} ->
                   [{"outcome", iolist_to_binary(io_lib:format(
                        "system_limit: the process limit (+P) of ~b was reached after ~b processes",
                        [erlang:system_info(process_limit), Done]))},
                    {"runs", Runs}];
               Class:Reason:Stack ->
                   Where = case Stack of [Top | _] -> Top; [] -> unknown end,
                   [{"outcome", iolist_to_binary(io_lib:format("failed: ~w:~W at ~W",
                        [Class, Reason, 12, Where, 6]))}, {"runs", []}]
           end,
    io:put_chars([json({obj, Head ++ Body ++ [{"peakRssBytes", proc_status("VmHWM")}]}), $\n]),
    erlang:halt(0).

vm() ->
    [{"otpRelease", list_to_binary(erlang:system_info(otp_release))},
     {"erts", list_to_binary(erlang:system_info(version))},
     {"schedulers", erlang:system_info(schedulers)},
     {"processLimit", erlang:system_info(process_limit)},
     {"wordSize", erlang:system_info(wordsize)}].

%% ---- the experiments -------------------------------------------------------------------

run("load", N, _M, _K, Opts) ->
    [{"outcome", <<"ok">>}, {"row", {obj, load(N, opt_int("rounds", Opts, 2000), opt_int("deadlineMillis", Opts, 5000))}}];
run("limit", N, _M, _K, _Opts) ->
    [{"outcome", <<"ok">>}, {"runs", [{obj, limit(N)}]}];
run(Exp, N, M, K, Opts) ->
    Runs = repeat(K, fun() -> once(Exp, N, M, Opts) end, []),
    [{"outcome", <<"ok">>}, {"runs", Runs}].

repeat(0, _Fun, Acc) -> lists:reverse(Acc);
repeat(K, Fun, Acc) ->
    Run = try Fun() catch throw:{system_limit, Done} -> throw({system_limit, Done, lists:reverse(Acc)}) end,
    repeat(K - 1, Fun, [{obj, Run} | Acc]).

once("spawn", N, _M, _Opts) -> idle_group(N, {?MODULE, idle, []}, waiting);
once("hibernate", N, _M, _Opts) -> idle_group(N, {?MODULE, hibernating, []}, hibernated);
once("state", N, M, _Opts) ->
    Metrics = idle_group(N, {?MODULE, holder, [M]}, waiting),
    Bytes = proplists:get_value("bytesPerProcess", Metrics),
    Metrics ++ [{"bytesPerElement", case M of 0 -> nan; _ -> Bytes / M end}];
once("ring", N, M, _Opts) -> ring(N, M);
once("broadcast", N, _M, _Opts) -> broadcast(N);
once("pingpong", N, _M, _Opts) -> ping_pong(N);
once("tasks", N, _M, Opts) -> tasks(N, opt_int("sleepMillis", Opts, 10000)).

%% N idle processes: memory per process, by the VM's own accounting and by process_info.
idle_group(N, {Mod, Fun, Args}, Until) ->
    erlang:garbage_collect(),
    Mem0 = settled_memory(),
    Self0 = self_memory(),
    Rss0 = proc_status("VmRSS"),
    T0 = now_ns(),
    Pids = spawn_n(N, Mod, Fun, Args, []),
    T1 = now_ns(),
    await_all(Pids, Until),
    T2 = now_ns(),
    erlang:garbage_collect(),
    Mem1 = settled_memory(),
    Self1 = self_memory(),
    Rss1 = proc_status("VmRSS"),
    Info = lists:sum([mem_of(P) || P <- Pids]),
    One = erlang:process_info(hd(Pids), [heap_size, total_heap_size]),
    stop_all(Pids),
    [{"bytesPerProcess", ((Mem1 - Mem0) - (Self1 - Self0)) / N},
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

ring(N, M) ->
    Parent = self(),
    T0 = now_ns(),
    Nodes = [spawn(fun() -> receive {next, Next} -> ring_node(Next, Parent) end end) || _ <- lists:seq(1, N)],
    [First | _] = Nodes,
    lists:foreach(fun({P, Next}) -> P ! {next, Next} end, lists:zip(Nodes, tl(Nodes) ++ [First])),
    await_all(Nodes, waiting),
    T1 = now_ns(),
    Hops = N * M,
    First ! {token, Hops},
    receive ring_done -> ok after ?WAIT_MS -> error(ring_timeout) end,
    T2 = now_ns(),
    stop_all(Nodes),
    [{"nsPerHop", (T2 - T1) / Hops},
     {"totalMillis", (T2 - T1) / 1.0e6},
     {"nsPerHopWithSpawn", (T2 - T0) / Hops}].

ring_node(Next, Parent) ->
    receive
        {token, 1} -> Parent ! ring_done, ring_node(Next, Parent);
        {token, Left} -> Next ! {token, Left - 1}, ring_node(Next, Parent);
        stop -> ok
    end.

broadcast(N) ->
    Parent = self(),
    Count = atomics:new(1, []),
    Pids = [spawn(fun() -> receive hello -> ok end,
                           case atomics:add_get(Count, 1, 1) of N -> Parent ! all_received; _ -> ok end,
                           receive stop -> ok end end) || _ <- lists:seq(1, N)],
    await_all(Pids, waiting),
    T0 = now_ns(),
    lists:foreach(fun(P) -> P ! hello end, Pids),
    T1 = now_ns(),
    receive all_received -> ok after ?WAIT_MS -> error(broadcast_timeout) end,
    T2 = now_ns(),
    stop_all(Pids),
    [{"nsPerMessage", (T2 - T0) / N},
     {"allReceivedMillis", (T2 - T0) / 1.0e6},
     {"allSentMillis", (T1 - T0) / 1.0e6},
     {"nsPerSend", (T1 - T0) / N}].

ping_pong(N) ->
    Echo = spawn(?MODULE, echo, []),
    Times = lists:sort([round_trip(Echo) || _ <- lists:seq(1, N)]),
    exit(Echo, kill),
    [{"roundTripNsP50", percentile(Times, N, 50)},
     {"roundTripNsP99", percentile(Times, N, 99)},
     {"roundTripNsMax", lists:last(Times)},
     {"roundTripNsMean", lists:sum(Times) / N}].

echo() -> receive {From, Ref} -> From ! Ref, echo(); stop -> ok end.

round_trip(Echo) ->
    Ref = make_ref(),
    T = now_ns(),
    Echo ! {self(), Ref},
    receive Ref -> now_ns() - T after ?WAIT_MS -> error(pingpong_timeout) end.

percentile(Sorted, N, P) -> lists:nth(max(1, min(N, ceil(N * P / 100))), Sorted).

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

%% Round trips while K busy processes run, as the German article's script (run it under +S 1).
load(K, Rounds, DeadlineMs) ->
    Loops = [spawn(?MODULE, busy, [0]) || _ <- lists:seq(1, K)],
    Echo = spawn(?MODULE, echo, []),
    timer:sleep(200),
    R0 = [reductions(P) || P <- Loops],
    T0 = now_ns(),
    End = T0 + DeadlineMs * 1000000,
    Times = lists:sort(timed_rounds(Echo, Rounds, End, [])),
    Waited = now_ns() - T0,
    Rest = 500 - Waited div 1000000,
    case K > 0 andalso Rest > 0 of true -> timer:sleep(Rest); false -> ok end,
    R1 = [reductions(P) || P <- Loops],
    Window = (now_ns() - T0) / 1.0e9,
    Rates = [(B - A) / Window || {A, B} <- lists:zip(R0, R1)],
    [exit(P, kill) || P <- [Echo | Loops]],
    Done = length(Times),
    Status = if Done == Rounds -> <<"ok">>; Done == 0 -> <<"starved">>; true -> <<"incomplete">> end,
    Micros = fun(P) -> case Done of 0 -> nan; _ -> percentile(Times, Done, P) / 1000 end end,
    [{"status", Status},
     {"loops", K},
     {"waitedMillis", Waited div 1000000},
     {"roundsCompleted", Done},
     {"roundsWanted", Rounds},
     {"roundTripMicrosP50", Micros(50)},
     {"roundTripMicrosP99", Micros(99)},
     {"roundTripMicrosMax", case Done of 0 -> nan; _ -> lists:last(Times) / 1000 end},
     {"roundTripMicrosMean", case Done of 0 -> nan; _ -> lists:sum(Times) / Done / 1000 end},
     {"opsPerSecondPerLoop", case K of 0 -> nan; _ -> lists:sum(Rates) / K end},
     {"opsPerSecondTotal", case K of 0 -> nan; _ -> lists:sum(Rates) end},
     {"firstLoopOpsPerSecond", case Rates of [] -> nan; [F | _] -> F end},
     {"perLoopOpsPerSecond", Rates}].

busy(0) -> busy(50000000);
busy(N) -> busy(N - 1).

timed_rounds(_Echo, 0, _End, Acc) -> Acc;
timed_rounds(Echo, Left, End, Acc) ->
    Ref = make_ref(),
    T = now_ns(),
    case T >= End of
        true -> Acc;
        false ->
            Echo ! {self(), Ref},
            receive
                Ref -> timed_rounds(Echo, Left - 1, End, [now_ns() - T | Acc])
            after max(0, (End - T) div 1000000) -> Acc
            end
    end.

reductions(P) ->
    case erlang:process_info(P, reductions) of {reductions, R} -> R; undefined -> 0 end.

%% ---- helpers ---------------------------------------------------------------------------

spawn_n(0, _Mod, _Fun, _Args, Acc) -> Acc;
spawn_n(N, Mod, Fun, Args, Acc) ->
    P = try spawn(Mod, Fun, Args) catch error:system_limit -> stop_all(Acc), throw({system_limit, length(Acc)}) end,
    spawn_n(N - 1, Mod, Fun, Args, [P | Acc]).

%% Waits until every process waits in receive (or is hibernated): nothing is counted half-started.
await_all(Pids, Until) -> await_all(Pids, Until, now_ns() + ?WAIT_MS * 1000000).
await_all([], _Until, _End) -> ok;
await_all([P | Rest] = Pids, Until, End) ->
    case parked(P, Until) of
        true -> await_all(Rest, Until, End);
        false ->
            case now_ns() > End of
                true -> error({not_parked_within_ms, ?WAIT_MS, length(Pids)});
                false -> erlang:yield(), await_all(Pids, Until, End)
            end
    end.

parked(P, waiting) -> erlang:process_info(P, status) =:= {status, waiting};
parked(P, hibernated) ->
    erlang:process_info(P, [status, current_function]) =:= [{status, waiting}, {current_function, {erlang, hibernate, 3}}].

stop_all(Pids) ->
    Refs = [erlang:monitor(process, P) || P <- Pids],
    lists:foreach(fun(P) -> exit(P, kill) end, Pids),
    lists:foreach(fun(R) -> receive {'DOWN', R, process, _, _} -> ok after ?WAIT_MS -> error(stop_timeout) end end, Refs).

%% erlang:memory(processes) once it stops moving: a process that has exited gives its memory back a
%% little later, so a run that starts right after another would otherwise see the last one's memory
%% leave during its own measurement.
settled_memory() -> settled_memory(erlang:memory(processes), now_ns() + 2000000000).
settled_memory(Last, End) ->
    timer:sleep(20),
    case erlang:memory(processes) of
        Last -> Last;
        Now -> case now_ns() > End of true -> Now; false -> settled_memory(Now, End) end
    end.

mem_of(P) -> case erlang:process_info(P, memory) of {memory, B} -> B; undefined -> 0 end.
self_memory() -> mem_of(self()).
now_ns() -> erlang:monotonic_time(nanosecond).

opt_int(Key, Opts, Default) ->
    case lists:keyfind(Key, 1, Opts) of {_, V} -> list_to_integer(V); false -> Default end.

%% VmRSS, VmHWM ... of this VM in bytes, from /proc (0 where there is no /proc).
proc_status(Field) ->
    case file:read_file("/proc/self/status") of
        {ok, Bin} -> kib_field(string:split(binary_to_list(Bin), "\n", all), Field ++ ":");
        _ -> 0
    end.

kib_field([], _Prefix) -> 0;
kib_field([Line | Rest], Prefix) ->
    case string:prefix(Line, Prefix) of
        nomatch -> kib_field(Rest, Prefix);
        Value -> [Kib | _] = string:lexemes(Value, " \t"), list_to_integer(Kib) * 1024
    end.

%% ---- JSON: {obj, [{Key, Value}]}, lists, binaries (strings), numbers, nan ----------------

json({obj, Pairs}) ->
    ["{", lists:join(",", [[json(list_to_binary(K)), ":", json(V)] || {K, V} <- Pairs]), "}"];
json(nan) -> "\"NaN\"";
json(B) when is_binary(B) -> [$", escape(binary_to_list(B)), $"];
json(I) when is_integer(I) -> integer_to_list(I);
json(F) when is_float(F) -> io_lib:format("~.4f", [F]);
json(L) when is_list(L) -> ["[", lists:join(",", [json(X) || X <- L]), "]"].

escape([]) -> [];
escape([$" | T]) -> [$\\, $" | escape(T)];
escape([$\\ | T]) -> [$\\, $\\ | escape(T)];
escape([C | T]) when C < 32 -> [io_lib:format("\\u~4.16.0b", [C]) | escape(T)];
escape([C | T]) -> [C | escape(T)].
