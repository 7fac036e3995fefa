"""Diagnosis: from a run's failing cases to named defects (:mod:`ginspec.diagnosis.findings`),
by testing the known defects of :mod:`ginspec.diagnosis.dictionary` as hypotheses."""

from ginspec.diagnosis.findings import Finding, findings_for

__all__ = ["Finding", "findings_for"]
