cpdef object frozen(type cls, tuple items)
