# Types of pots.py when compiled (setup.py, ENGINE).
from pedron._kernels.tuples cimport frozen
