# Types of actions.py when compiled (setup.py, ENGINE).
from pedron._kernels.tuples cimport frozen

cpdef make_record(tuple fields)
cpdef make_legal(tuple fields)
