%% The fresh erl's side of dev.loomlab.fresh.FreshErlang: calls Module:main(), writes what it
%% returned (or what it raised) to File, by writing File.tmp and renaming it, then halts.
%% The file: a first line saying what the value is (integer, float, string, term, or exception),
%% then its text: digits, characters, or ~p of the term; for an exception, the class, the reason
%% (on one line) and the stack down to this module.
-module(loomlab_fresh).
-export([run/2]).

run(Module, File) ->
    Result = try Module:main() of
                 Value -> describe(Value)
             catch
                 Class:Reason:Stack ->
                     OneLine = re:replace(io_lib:format("~tp", [Reason]), "\\s*\\n\\s*", " ",
                                          [global, unicode, {return, list}]),
                     Own = lists:takewhile(fun(Frame) -> element(1, Frame) =/= ?MODULE end, Stack),
                     {exception, io_lib:format("~p~n~ts~n~tp", [Class, OneLine, Own])}
             end,
    {Kind, Text} = Result,
    Tmp = File ++ ".tmp",
    ok = file:write_file(Tmp, unicode:characters_to_binary([atom_to_list(Kind), "\n", Text])),
    ok = file:rename(Tmp, File),
    halt(0).

describe(V) when is_integer(V) -> {integer, integer_to_list(V)};
describe(V) when is_float(V) -> {float, io_lib:format("~p", [V])};
describe(V) when is_binary(V) ->
    case unicode:characters_to_list(V) of
        L when is_list(L) -> {string, L};
        _ -> {term, io_lib:format("~tp", [V])}
    end;
describe(V) when is_list(V) ->
    case io_lib:printable_unicode_list(V) of
        true -> {string, V};
        false -> {term, io_lib:format("~tp", [V])}
    end;
describe(V) -> {term, io_lib:format("~tp", [V])}.
