# The pure-Python mode decorators of Cython that pedron's compiled engine modules use: each
# gives back what it decorates (in the interpreter they do; compiled, the class or function
# keeps its Python signature), so mypy checks the code under them.
from typing import TypeVar

_T = TypeVar("_T")

def cclass(cls: _T) -> _T: ...
def ccall(func: _T) -> _T: ...
def final(obj: _T) -> _T: ...
