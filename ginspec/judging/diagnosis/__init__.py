"""Diagnosis: from a run's failing cases to named defects (:mod:`ginspec.judging.diagnosis.findings`),
by testing the known defects of :mod:`ginspec.judging.diagnosis.dictionary` as hypotheses, and by
grouping what none of them explains by how the engine departs from the rules
(:mod:`ginspec.judging.diagnosis.unexplained`)."""

from ginspec.judging.diagnosis.findings import Finding, findings_for

__all__ = ["Finding", "findings_for"]
