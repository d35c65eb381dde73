"""The functions each domain adds from generator version 3 on, one module per domain.

Version 1 and 2 scripts never draw from here, so they stay byte-identical; a version 3
script draws from the domain's first catalogue and this one together, so that two seeds
of a domain build mostly different projects.
"""
