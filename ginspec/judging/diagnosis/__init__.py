"""Diagnosis: from a run's failing cases to named defects (:mod:`ginspec.judging.diagnosis.findings`),
by testing the known defects of :mod:`ginspec.judging.diagnosis.dictionary` as hypotheses."""

from ginspec.judging.diagnosis.findings import Finding, findings_for

__all__ = ["Finding", "findings_for"]
