"""The engines every game shares: the cross-check (:mod:`.crosscheck`), its parallel runner
(:mod:`.parallel`) and report (:mod:`.report`), the stress runner (:mod:`.stress`) and the contained
runner of untrusted programs (:mod:`.contain`), the audit
runner (:mod:`.audit`) and case files (:mod:`.cases`).
"""
