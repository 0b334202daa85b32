# Exact arguments at the kernels' Python boundary: the common exact value is
# taken in C, anything else goes to pedron._exact, the one place the rule is
# written (an int subclass's plain value, __index__ results checked, bool and
# floats refused; True/False, or a numpy bool, for a flag).

cdef inline object int_arg(object value, str what):
    if type(value) is int:
        return value
    from pedron._exact import exact_int
    return exact_int(value, what)

cdef inline bint flag_arg(object value, str what) except -1:
    if value is True:
        return 1
    if value is False:
        return 0
    from pedron._exact import exact_flag
    return exact_flag(value, what)
