%% loomlab's measurements on BEAM, the Erlang side.
%%
%% Started by the toolkit in a fresh VM per measurement:
%%   erl -noinput +P Limit [+S S] [+hms W] -pa Dir -eval "loomlab_beam:main()" -extra Exp N M K Key=Value...
%% It repeats the measurement K times in this one VM (run 1 is the cold one), then prints exactly
%% one JSON object on standard output and halts. A failure is reported in that object, never as a
%% hang: the Java side kills the VM at its deadline anyway. The measurements live in
%% loomlab_beam_memory (what processes weigh) and loomlab_beam_messages (what messages cost).
-module(loomlab_beam).
-export([main/0]).
%% shared by loomlab_beam_memory and loomlab_beam_messages
-export([now_ns/0, spawn_n/5, await_all/2, stop_all/1, settled_memory/0, mem_of/1, proc_status/1, percentile/3]).

-define(WAIT_MS, 120000).
-define(SETTLE_BYTES, 65536).

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
                        "system_limit: the process limit (+P) of ~b was reached at ~b processes",
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
    [{"outcome", <<"ok">>}, {"row", {obj, loomlab_beam_messages:load(N, opt_int("rounds", Opts, 2000), opt_int("deadlineMillis", Opts, 5000))}}];
run("limit", N, _M, _K, _Opts) ->
    [{"outcome", <<"ok">>}, {"runs", [{obj, loomlab_beam_memory:limit(N)}]}];
run(Exp, N, M, K, Opts) ->
    Runs = repeat(K, fun() -> once(Exp, N, M, Opts) end, protocol(Opts)),
    [{"outcome", <<"ok">>}, {"runs", Runs}].

%% The warm-up protocol the JVM side asked for (the same rule as its SteadyState), or fixed when
%% it asked for a fixed number of runs: then K runs are made.
protocol(Opts) ->
    case lists:keyfind("minWarmup", 1, Opts) of
        false -> fixed;
        _ -> #{min => opt_int("minWarmup", Opts, 3), window => opt_int("window", Opts, 3),
               tolerance => opt_int("tolerancePerMille", Opts, 150) / 1000,
               measured => opt_int("measured", Opts, 5),
               budget_ns => opt_int("budgetMillis", Opts, 10000) * 1000000}
    end.

%% At most K runs: under the protocol, warm up until the judged metric (a run's first, as on the
%% JVM) of the last `window' runs agrees within the tolerance, or until the warm-up budget is spent
%% (the JVM side then labels the runs "not steady"), then make the measured runs and stop. As
%% SteadyState, the budget is spent once `min' + `window' runs were made, or at three budgets
%% whatever the count.
repeat(K, Fun, Protocol) -> repeat(K, Fun, Protocol, now_ns(), warming, [], []).

repeat(0, _Fun, _Protocol, _Start, _State, _Judged, Acc) -> lists:reverse(Acc);
repeat(K, Fun, Protocol, Start, State, Judged, Acc) ->
    Run = try Fun()
          catch
              throw:{system_limit, Done} -> throw({system_limit, Done, lists:reverse(Acc)});
              error:system_limit -> throw({system_limit, erlang:system_info(process_count), lists:reverse(Acc)})
          end,
    Acc1 = [{obj, Run} | Acc],
    Judged1 = [judged(Run) | Judged],
    case next(Protocol, State, Judged1, now_ns() - Start) of
        stop -> lists:reverse(Acc1);
        State1 -> repeat(K - 1, Fun, Protocol, Start, State1, Judged1, Acc1)
    end.

next(fixed, State, _Judged, _Elapsed) -> State;
next(#{measured := Wanted}, {measuring, Done}, _Judged, _Elapsed) when Done + 1 >= Wanted -> stop;
next(_Protocol, {measuring, Done}, _Judged, _Elapsed) -> {measuring, Done + 1};
next(Protocol = #{budget_ns := Budget, min := Min, window := Window}, warming, Judged, Elapsed) ->
    case agrees(Protocol, Judged) of
        true -> {measuring, 0};
        false when Elapsed >= Budget, length(Judged) >= Min + Window -> stop;
        false when Elapsed >= 3 * Budget -> stop;
        false -> warming
    end.

judged([{_Name, V} | _]) when is_number(V) -> V;
judged(_) -> nan.

%% The newest `window' judged figures agree: (max - min) / |median| within the tolerance, as the JVM's Spread.
agrees(#{min := Min, window := Window, tolerance := Tolerance}, Judged) ->
    Count = length(Judged),
    case Count >= Min andalso Count >= Window of
        false -> false;
        true ->
            Last = lists:sublist(Judged, Window),
            case lists:all(fun is_number/1, Last) of
                false -> false;
                true ->
                    Sorted = lists:sort(Last),
                    Lo = hd(Sorted), Hi = lists:last(Sorted),
                    Median = median(Sorted),
                    Lo == Hi orelse (Median /= 0 andalso (Hi - Lo) / abs(Median) =< Tolerance)
            end
    end.

%% The median of sorted values, interpolated between the middle two as the JVM's Spread does.
median(Sorted) ->
    L = length(Sorted),
    case L rem 2 of
        1 -> lists:nth(L div 2 + 1, Sorted);
        0 -> (lists:nth(L div 2, Sorted) + lists:nth(L div 2 + 1, Sorted)) / 2
    end.

once("spawn", N, _M, _Opts) ->
    %% as the JVM's spawn, the times come first: the protocol judges a spawn on its time per spawn
    Metrics = loomlab_beam_memory:idle_group(N, idle, waiting),
    Times = ["nsPerSpawn", "nsToAllParked", "totalMillis"],
    [lists:keyfind(T, 1, Metrics) || T <- Times] ++ [KV || KV = {K, _} <- Metrics, not lists:member(K, Times)];
once("hibernate", N, _M, _Opts) -> loomlab_beam_memory:idle_group(N, hibernating, hibernated);
once("state", N, M, _Opts) ->
    Metrics = loomlab_beam_memory:idle_group(N, {holder, [M]}, waiting),
    Bytes = proplists:get_value("bytesPerProcess", Metrics),
    Metrics ++ [{"bytesPerElement", case M of 0 -> nan; _ -> Bytes / M end}];
once("ring", N, M, _Opts) -> loomlab_beam_messages:ring(N, M);
once("ring-hibernated", N, M, _Opts) -> loomlab_beam_messages:ring(N, M, hibernated);
once("broadcast", N, _M, _Opts) -> loomlab_beam_messages:broadcast(N);
once("pingpong", N, _M, _Opts) -> loomlab_beam_messages:ping_pong(N);
once("tasks", N, _M, Opts) -> loomlab_beam_memory:tasks(N, opt_int("sleepMillis", Opts, 10000)).

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

%% Kills every process and returns once all are gone. is_process_alive/1 delivers this process's
%% earlier signals to the target before it answers (the guarantee its documentation gives for
%% exactly this use), so after a kill it answers false once the target is dead; a kill cannot be
%% trapped. A monitor and a 'DOWN' message for each did the same at several times the cost, paid
%% by every run of every experiment that stops its processes.
stop_all(Pids) ->
    lists:foreach(fun(P) -> exit(P, kill) end, Pids),
    case [P || P <- Pids, erlang:is_process_alive(P)] of
        [] -> ok;
        Alive -> error({still_alive_after_kill, length(Alive)})
    end.

%% {processes_used, processes} of erlang:memory/1 once they settle: a process that has exited
%% gives its memory back a little later, so a run that starts right after another would otherwise see
%% the last one's memory leave during its own measurement.
%%
%% Why bytesPerProcess reads processes_used, not processes: erlang:memory(processes) counts what the
%% VM's allocators hold for processes, and that includes the process structures (the PCB, about 780
%% bytes on OTP 25, 64-bit) of processes that have exited, which the allocator keeps for reuse. Run 1
%% in a fresh VM allocates every structure anew, so processes grows by heap + structure per process
%% (the article's ~2.6 KB); runs 2 and later reuse the kept ones and processes grows by little more
%% than the heaps, so at small n (where all of them fit in what was kept) the figure dropped by about
%% 780 bytes after run 1 and the runs never agreed. processes_used counts only the memory live
%% processes use, so it reads the same in run 1 and later (and equals processes in a fresh VM);
%% allocatedBytesPerProcess still reports processes, run by run, for the reader to see the reuse.
%% "Settled" is two readings 20 ms apart within ?SETTLE_BYTES of each other (or 2 s gone): even in an
%% idle VM both figures wobble by some 10 KB from one reading to the next with the VM's own processes'
%% heaps (the shell, the code server, this process's own garbage), so asking for two equal readings
%% waited the whole 2 s every time; the memory of a run's exited processes (megabytes at n = 1,000)
%% is far above that wobble.
settled_memory() -> settled_memory(memory_pair(), now_ns() + 2000000000).
settled_memory({LastUsed, _}, End) ->
    timer:sleep(20),
    {Used, _} = Now = memory_pair(),
    case abs(Used - LastUsed) =< ?SETTLE_BYTES orelse now_ns() > End of
        true -> Now;
        false -> settled_memory(Now, End)
    end.

memory_pair() ->
    [{processes_used, Used}, {processes, Allocated}] = erlang:memory([processes_used, processes]),
    {Used, Allocated}.

mem_of(P) -> case erlang:process_info(P, memory) of {memory, B} -> B; undefined -> 0 end.
now_ns() -> erlang:monotonic_time(nanosecond).

%% The P-th percentile of N sorted values: the value at rank ceil(N x P / 100).
percentile(Sorted, N, P) -> lists:nth(max(1, min(N, ceil(N * P / 100))), Sorted).

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
