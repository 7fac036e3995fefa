"""Fuzz campaigns: many random whole hands (or games, ``--games N``) played by the reference engine
and replayed by another engine, compared checkpoint by checkpoint (``ginspec fuzz --engine E
--hands N``).

- :mod:`ginspec.detection.campaign.shards`: the disjoint parts (``--shard I/K``) of a campaign's hands.
- :mod:`ginspec.detection.campaign.hands`: hand ``i`` of a campaign, a pure function of (seed, index).
- :mod:`ginspec.detection.campaign.compare`: one hand asked of an engine (the reference engine itself in its own values), judged, and shrunk.
- :mod:`ginspec.detection.campaign.tables`: hand ``i`` at a table of three or four, asked as ``table_round``.
- :mod:`ginspec.detection.campaign.games`: game ``i``, hand after hand to its target, then its score sheet.
- :mod:`ginspec.detection.campaign.units`: what an index plays (hand, table hand or game) and its replay.
- :mod:`ginspec.detection.campaign.diagnose`: the known defect the diagnosis names for each place of departure.
- :mod:`ginspec.detection.campaign.oracles`: the table and game oracles that confirm a finding's vector.
- :mod:`ginspec.detection.campaign.grouping`: the defect a disagreement shows (its signature).
- :mod:`ginspec.detection.campaign.detours`: a hand played otherwise at each move the engine refuses, so that it goes on.
- :mod:`ginspec.detection.campaign.readings`: the engine's declared readings, played on the rules' side where the reference engine plays them, else a departure that is one declined.
- :mod:`ginspec.detection.campaign.choices`: the knocker's spread, the knocker's choice: an engine's other least-deadwood spread agrees.
- :mod:`ginspec.detection.campaign.tally`: counts and kept occurrences per finding; merging tallies.
- :mod:`ginspec.detection.campaign.worker`: the hands of a shard in chunks, over one or many processes.
- :mod:`ginspec.detection.campaign.records`: what a campaign is, as its files record it, and those files checked before use.
- :mod:`ginspec.detection.campaign.checkpoint`: the progress file a campaign resumes from, and its folder checked before the first hand.
- :mod:`ginspec.detection.campaign.report`: the campaign report and one vector per finding.
- :mod:`ginspec.detection.campaign.merge`: the shards of one whole campaign combined into one report.
- :mod:`ginspec.detection.campaign.arguments`: the options of ``ginspec fuzz`` that run a campaign.
- :mod:`ginspec.detection.campaign.command`: the command line.
"""
