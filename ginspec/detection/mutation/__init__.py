"""Mutation testing of the reference engine, with the suite as the test.

Each mutant is one small change to one function of ``reference_impl/`` (a comparison flipped, a
constant moved by one, a statement deleted...). It is installed in place of the function's code,
and the suite's cases that run the changed line are asked again: a mutant is *killed* when one of
them fails, as ``ginspec check`` would report it. The share of mutants killed is the suite's
mutation score.

- :mod:`ginspec.detection.mutation.operators`: where a module can be mutated, and the mutated code;
- :mod:`ginspec.detection.mutation.install`: the mutated code put in place of a live function, and back;
- :mod:`ginspec.detection.mutation.cases`: the suite's cases (vectors and scenarios) as the test;
- :mod:`ginspec.detection.mutation.worker`: the process that runs mutants, restarted when one crashes it;
- :mod:`ginspec.detection.mutation.pool`: the parent side of the worker, with a time limit per mutant;
- :mod:`ginspec.detection.mutation.scores`: scores per module, the equivalent mutants, the scores file;
- :mod:`ginspec.detection.mutation.cli`: ``python -m ginspec.detection.mutation``.
"""
