"""The engines every game shares: the cross-check (:mod:`.crosscheck`), its parallel runner
(:mod:`.parallel`) and report (:mod:`.report`), the stress runner (:mod:`.stress`), the audit
runner (:mod:`.audit`) and case files (:mod:`.cases`).
"""
