"""Published nim-sequences of octal games (docs/octal.md, "Published values, computed and proven").

Each list is the data section of the OEIS entry as printed on its page, offset as stated; each
``(last exception, period)`` is the entry's comment ("Sequence is eventually periodic with period
24. The last exception is at n=140."). Heap sizes count from 0 with G(0) = 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Published:
    code: str
    source: str
    last_exception: int  # the published last exception, at heap size n (G(n) counted from n = 0)
    period: int
    first: int  # the heap size of data[0]
    data: tuple[int, ...]

    @property
    def complete(self) -> bool:
        """Whether the data runs a whole period past the last exception (so it gives every G(n))."""
        return self.first + len(self.data) > self.last_exception + self.period

    def value(self, n: int) -> int:
        """G(n) from the data and the published period (for :attr:`complete` data)."""
        over = n - self.first - len(self.data)
        if over >= 0:
            n -= (over // self.period + 1) * self.period
        return 0 if n == 0 and self.first == 1 else self.data[n - self.first]


# OEIS A002186 (Kayles), offset 0: "From n=71 on, the sequence is periodic with period 12".
KAYLES = Published("0.77", "OEIS A002186", 70, 12, 0, (
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1,
))  # fmt: skip

# OEIS A002187 (Dawson's chess, 0.137), offset 0: "Has period 34 with the only exceptions at n=0, 14, 16,
# 17, 31, 34 and 51."
A002187 = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
)  # fmt: skip
DAWSONS_CHESS = Published("0.137", "OEIS A002187", 51, 34, 0, A002187)
# "Octal game .07 (Dawson's Kayles) has values a(n-1)": G(n) = a(n - 1) for n >= 1, so data from n = 1.
DAWSONS_KAYLES = Published("0.07", "OEIS A002187, shifted by one", 52, 34, 1, A002187)

# OEIS A071434 (.1377), offset 1: "eventually periodic with period 24. The last exception is at n=140."
A071434 = Published("0.1377", "OEIS A071434", 140, 24, 1, (
    1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7, 1, 1, 4, 4,
    3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 6, 6,
    7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 2, 2, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8,
))  # fmt: skip

# OEIS A071452 (.11377), offset 1: "eventually periodic with period 32. The last exception is at n=186."
A071452 = Published("0.11377", "OEIS A071452", 186, 32, 1, (
    1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6, 4, 4, 4, 1, 1,
    1, 2, 2, 2, 7, 7, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 8, 6, 2, 7, 7, 4, 4, 4, 1, 1, 1, 2,
    2, 2, 8, 8, 8, 5, 1, 4, 4, 4, 7, 7, 2, 2, 2, 1, 1, 1, 8, 8, 8, 6, 2, 7, 7, 4, 4, 4, 1, 1, 1, 2, 2, 2,
    3, 8, 1,
))  # fmt: skip

# OEIS A071435 (.177), offset 1: "eventually periodic with period 20. The last exception is at n=496."
A071435 = Published("0.177", "OEIS A071435", 496, 20, 1, (
    1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4, 1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2, 1, 1,
    4, 8, 2, 7, 4, 4, 1, 1, 2, 2, 7, 8, 1, 4, 4, 7, 2, 2, 1, 1, 4, 4, 2, 7, 7, 4, 1, 1, 2, 2, 7, 7, 1, 1,
    4, 7, 2, 2, 1, 1, 4, 4, 6, 2, 7, 4, 1, 1, 2, 2, 8, 8, 5, 1, 4, 7, 2, 2, 1, 1, 8, 8, 6, 7, 7, 4, 1, 1,
))  # fmt: skip

# OEIS A071453 (.117), offset 1: "eventually periodic with period 48. The only exceptions are n=2, 6, 7,
# 12, 16, 22, 26, 36 and 46."
A071453 = Published("0.117", "OEIS A071453", 46, 48, 1, (
    1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0, 4, 3,
    2, 2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0, 1, 0, 1, 3, 2, 3, 2, 3, 4, 0,
    1, 0, 4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1, 0, 1, 0, 4, 3, 2, 3, 4, 0, 1, 0, 1, 0, 2, 3,
    2, 3, 4,
))  # fmt: skip

# OEIS A125938 (4.102), offset 1: "eventually periodic with period 10. The last exception is at n=7."
A125938 = Published("4.102", "OEIS A125938", 7, 10, 1, (
    1, 1, 1, 2, 2, 2, 0, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2,
))  # fmt: skip

# OEIS A077069 (4.777), offset 1: "eventually periodic with period 20. The only exceptions are n=0, 4, 6, 7,
# 8, 10, 12, 15, 16 and 18."
A077069 = Published("4.777", "OEIS A077069", 18, 20, 1, (
    1, 2, 4, 6, 1, 2, 8, 10, 1, 13, 2, 16, 1, 4, 13, 14, 1, 8, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2,
    13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2,
    4, 8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1,
))  # fmt: skip

PUBLISHED = (KAYLES, DAWSONS_KAYLES, DAWSONS_CHESS, A071434, A071452, A071435, A071453, A125938, A077069)


# -- A table of 81 codes ----------------------------------------------------------------------------------------------
#: The table of "trivial games" (those settled by their first 1000 values) of the public octal-games project,
#: github.com/tczajka/octal-games, file TrivialGames.md at commit 6f2e71f06df7a7fcb39001c35f837c657cd73c48, copied
#: row by row: code, prefix (the preperiod), period, and the values with the period in parentheses. The project
#: says it verifies Winning Ways' and Flammenkamp's tables; Flammenkamp's own pages are stored in this workplace
#: only as excerpts without their tables, so this is the source of the preperiods and periods tested here.
#:
#: Its values start at heap s, the last heap before the first one with a move (s = 0 for most codes, 2 for 0.4,
#: whose heaps 0, 1, 2 have none): the table drops the leading heaps that have no move, all of value 0. Written
#: from heap 0 (:func:`table_sequence`), the preperiod is s more, or less where the period reaches back into those
#: zeros (0.02: prefix 0 from heap 2, preperiod 1 from heap 0).
TABLE_SOURCE = "github.com/tczajka/octal-games TrivialGames.md @ 6f2e71f"
TABLE = """
4     |      0 |      2 | (01)
.1    |      2 |      1 | 01(0)
.4    |     52 |     34 | 0112031103322405223301130211045274011203110332244552(3301130211045374811203110332244559)
.02   |      0 |      4 | (0110)
.11   |      3 |      1 | 011(0)
.12   |      1 |      4 | 0(1001)
.15   |      1 |     10 | 0(1101122122)
.17   |     33 |     34 | 011021301132234153223110312011442(6411021301132234457223110312011443)
.22   |      0 |      3 | (012)
.26   |      0 |      4 | (0123)
.31   |      3 |      2 | 012(01)
.32   |      1 |      3 | 0(102)
.34   |      7 |      8 | 0101201(03121203)
.35   |      1 |      6 | 0(120102)
.44   |    141 |     24 | 011223311443322114422664411227711443322114466774411228855447722118866774411223311447722118822774411228811447722114422774411228811447722118866(774411228811447722118822)
.51   |      1 |      1 | 0(1)
.52   |      4 |      4 | 0102(2103)
.53   |     11 |      9 | 01122102240(122112241)
.54   |      3 |      7 | 010(1222411)
.57   |      1 |      4 | 0(1122)
.71   |      3 |      2 | 012(10)
.72   |      1 |      4 | 0(1023)
.75   |      1 |      2 | 0(12)
.77   |     71 |     12 | 01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)
4.3   |      2 |      2 | 01(20)
.002  |      0 |      6 | (011100)
.017  |     14 |     60 | 01112023114045(132021114026164041112026154046132021118026164041112026114046)
.022  |      0 |      5 | (01120)
.044  |    211 |     36 | 0111222333111444333222111444222666444111222777111444333222111444666777444111222888555444777222111888666777444111222333111444777222111888222777444111222888111444777222111444222777444111222888111444777222111888666(777444111222888111444777222111888222)
.045  |    187 |     32 | 0111222331114443322211144222664441112227711144433222111448627744411122288851444772221118886277444111222381114447722211188222774441112228811144477222111442227744411122288111444772221118886(27744411122288111444772221118822)
.051  |     47 |     48 | 01110221340111322234015432223101043222010104325(401010232340101323234010432323101043232010104323)
.101  |      4 |      1 | 0101(0)
.102  |      1 |      6 | 0(100011)
.111  |      4 |      1 | 0111(0)
.112  |      1 |      6 | 0(110001)
.115  |      1 |     14 | 0(11101112221222)
.116  |    139 |     96 | 011002120211044152411204120411544252021544858282524A1A0A52425114051202114A514201120A120A1189818201120A12061104415241120415041152425A0A15428(58285524A1A0A52425114051202114A514201120A120A818981C201120A12061104415241120415041152425A0A1542C)
.121  |      4 |      4 | 0102(1001)
.122  |      1 |      5 | 0(10021)
.123  |      5 |      5 | 01022(10021)
.124  |    122 |     62 | 01001102130213011302332234250425322332031103120312011405547264750411021302130113023322746544557263320311031203120114055473(64758411021302130113023322746544557963320311031203120114055475)
.131  |      4 |      4 | 0112(0011)
.132  |      1 |      5 | 0(11002)
.134  |     60 |     62 | 011001120312031103122332243514352233221301130213021104154462(74651401120312031103122332647544756273221301130213021104154463)
.141  |     14 |     11 | 01011012212410(11212212412)
.144  |      4 |     10 | 0100(1222244111)
.145  |      3 |      9 | 010(112222411)
.147  |      3 |      8 | 010(12224411)
.152  |      2 |     48 | 01(102220104323101322401042231013234010222010432340)
.153  |     16 |     14 | 0111222110222440(11222111222441)
.154  |      4 |     11 | 0110(11222224111)
.157  |      1 |      6 | 0(111222)
.171  |     12 |     11 | 011221102140(11221122142)
.173  |     21 |     40 | 011223104320112235143(2211023741322104627401223104620112275147)
.176  |     24 |      8 | 011022344116223441166332(41166334)
.226  |     20 |      5 | 01234012345123451230(51234)
.312  |      5 |      2 | 01202(01)
.316  |      4 |     12 | 0120(212301030123)
.331  |      4 |      3 | 0123(012)
.332  |      1 |      4 | 0(1203)
.351  |      1 |      8 | 0(12120102)
.353  |      4 |      2 | 0121(20)
.373  |      2 |     28 | 01(2340123415231472104321402640)
.375  |     37 |     18 | 0123124321342748148124814381482148148(124814781482148174)
.512  |      3 |      6 | 011(122210)
.524  |      1 |     52 | 0(1022104416701226144618701876147610781674107210781678)
.532  |      7 |      5 | 0112240(12241)
.536  |      1 |      5 | 0(11224)
.772  |      8 |      4 | 01234162(4163)
4.12  |      6 |      7 | 011220(4211221)
4.72  |      1 |      3 | 0(124)
4.005 |     30 |     79 | 012123145132121527526126268458(3615156158158656541821856567281216515813212162682812128158132121826826121261461)
4.024 |      1 |     60 | 0(12314314214264164134132142842812314314614624124134132182B82B)
4.102 |      8 |     10 | 01112220(4421112221)
4.122 |      6 |      7 | 011220(4311224)
4.304 |     25 |     21 | 0120212461528156261625186(8182615261582816251B2)
4.323 |      4 |      4 | 0124(3021)
4.444 |    142 |     24 | 0123456732897654328945CD982345FE328976543289DCFE982345GHAB89EF5432GHDCFE982345673289EF5432GH45FE982345GH3289EF54328945FE982345GH3289EF5432GHDC(FE982345GH3289EF5432GH45)
4.722 |      4 |      4 | 0124(6125)
4.726 |      5 |     16 | 01246(12741824187B1248)
4.766 |     19 |     20 | 01246128A1D2G14DE18(4D12481DG8142D148D1G)
"""


@dataclass(frozen=True)
class TableRow:
    code: str  # as gamecert writes it (0.4, not .4)
    prefix: int
    period: int
    values: str  # the table's values, one character each (0-9, then A = 10, B = 11, ...), period in parentheses


def table_rows() -> list[TableRow]:
    rows = []
    for line in TABLE.strip().splitlines():
        code, prefix, period, values = (cell.strip() for cell in line.split("|"))
        rows.append(TableRow("0" + code if code.startswith(".") else code, int(prefix), int(period), values))
    return rows


def first_move(digits: tuple[int, ...]) -> int:
    """The least heap with a move, from the definition of the digits."""
    heap = 1
    while not any(
        (d & 1 and heap == k >= 1) or (d & 2 and heap > k >= 1) or (d & 4 and heap >= k + 2) for k, d in enumerate(digits)
    ):
        heap += 1
    return heap


def table_sequence(row: TableRow, digits: tuple[int, ...], periods: int = 3) -> tuple[list[int], int]:
    """G(0..) from the table's row (zeros before heap s, then its values, the period repeated ``periods`` times
    past the preperiod shown), and the preperiod this sequence has from heap 0 (one past its last exception)."""
    head, _, cycle = row.values.partition("(")
    cycle = cycle.rstrip(")")
    assert (len(head), len(cycle)) == (row.prefix, row.period), row
    start = first_move(digits) - 1
    values = [0] * start + [int(ch, 36) for ch in head] + [int(ch, 36) for ch in cycle] * periods
    p = row.period
    last = max((n for n in range(len(values) - p) if values[n] != values[n + p]), default=-1)
    return values, last + 1
