%% loomlab's BEAM measurements of what messages cost: a ring, a broadcast, ping-pong, and round
%% trips under busy processes (the German article's script). Called by loomlab_beam.
-module(loomlab_beam_messages).
-export([ring/2, ring/3, broadcast/1, ping_pong/1, load/3]).
-export([echo/0, busy/1, hibernated_node/2]).
-import(loomlab_beam, [now_ns/0, spawn_n/5, await_all/2, stop_all/1, percentile/3]).

-define(WAIT_MS, 120000).

ring(N, M) -> ring(N, M, normal).

%% KLab's two rings: Mode normal waits in receive between messages; Mode hibernated hibernates
%% (erlang:hibernate/3) after each message, so every hop wakes a process from a bare heap and
%% every node is counted in erlang:hibernate/3 before the token starts.
ring(N, M, Mode) ->
    Parent = self(),
    T0 = now_ns(),
    Nodes = [spawn(fun() -> receive {next, Next} -> start_node(Mode, Next, Parent) end end) || _ <- lists:seq(1, N)],
    [First | _] = Nodes,
    lists:foreach(fun({P, Next}) -> P ! {next, Next} end, lists:zip(Nodes, tl(Nodes) ++ [First])),
    await_all(Nodes, case Mode of normal -> waiting; hibernated -> hibernated end),
    T1 = now_ns(),
    Hops = N * M,
    First ! {token, Hops},
    receive ring_done -> ok after ?WAIT_MS -> error(ring_timeout) end,
    T2 = now_ns(),
    stop_all(Nodes),
    [{"nsPerHop", (T2 - T1) / Hops},
     {"totalMillis", (T2 - T1) / 1.0e6},
     {"nsPerHopWithSpawn", (T2 - T0) / Hops}].

start_node(normal, Next, Parent) -> ring_node(Next, Parent);
start_node(hibernated, Next, Parent) -> erlang:hibernate(?MODULE, hibernated_node, [Next, Parent]).

ring_node(Next, Parent) ->
    receive
        {token, 1} -> Parent ! ring_done, ring_node(Next, Parent);
        {token, Left} -> Next ! {token, Left - 1}, ring_node(Next, Parent);
        stop -> ok
    end.

%% One message, then back to hibernation: erlang:hibernate/3 discards the stack and shrinks the
%% heap, and the next message restarts the process in this function.
hibernated_node(Next, Parent) ->
    receive
        {token, 1} -> Parent ! ring_done, erlang:hibernate(?MODULE, hibernated_node, [Next, Parent]);
        {token, Left} -> Next ! {token, Left - 1}, erlang:hibernate(?MODULE, hibernated_node, [Next, Parent]);
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
