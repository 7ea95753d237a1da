/*
 * gamecert.solvers.cutting._sgtable: the Sprague-Grundy table of a rectangle-cutting game, and a
 * judge input answered whole, in C.
 *
 * Built at install (setup.py, with the machine's C compiler); private: the Python modules of
 * gamecert.solvers.cutting check every argument before calling it. Without a compiler the
 * package installs without this module, and the tables are filled by numpy and numba instead
 * (same tables, a slower start).
 *
 * The rules are a CuttingRule's normal-play form: every piece and every part a cut leaves has
 * both sides at least min_side, and with no_unit no cut leaves a 1 x 1 part. A side of length n
 * is cut at k = lo..n-lo with lo = min_side, raised to 2 when no_unit and the other side is 1.
 *
 * Algorithm (the same as the numba kernel in _kernels.py):
 *   g(n, m) = mex { g(k, m) xor g(n - k, m), g(n, k) xor g(n, m - k) : available cuts k }
 * filled bottom-up, rows n increasing and columns m = n..size left to right, each entry mirrored
 * to g(m, n), so both parts of a cut are final before they are read (nothing recurses). Only
 * cuts at k <= side / 2 are visited (k and side - k give the same parts). The mex reads a
 * stamped array: seen[x] == stamp marks x reachable from the current entry, and a new entry
 * takes a new stamp, so nothing is cleared between entries. A mex is at most the number of
 * cuts, at most size + 1, so larger xors are never marked. Time O(size^3) (about size^3 / 2
 * xors), space O(size^2); entries of no piece hold -1.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Fill g ((size + 1) x (size + 1), row-major) with the table; 0, or -1 when out of memory. */
static int fill_table(int32_t *g, long size, long min_side, int no_unit) {
    long width = size + 1;
    long marks = size + 2;
    for (long i = 0; i < width * width; ++i) g[i] = -1;
    uint32_t *seen = calloc((size_t)marks, sizeof(uint32_t));
    if (seen == NULL) return -1;
    uint32_t stamp = 0;
    for (long n = min_side; n <= size; ++n) {
        for (long m = n; m <= size; ++m) {
            if (no_unit && m == 1) continue; /* n <= m: the 1 x 1 piece */
            ++stamp;
            /* Cuts across the side n (parts k x m, (n-k) x m); then across the side m. */
            long lo = (no_unit && m == 1 && min_side < 2) ? 2 : min_side;
            for (long k = lo; k <= n / 2; ++k) {
                uint32_t x = (uint32_t)(g[k * width + m] ^ g[(n - k) * width + m]);
                if (x < (uint32_t)marks) seen[x] = stamp;
            }
            lo = (no_unit && n == 1 && min_side < 2) ? 2 : min_side;
            for (long k = lo; k <= m / 2; ++k) {
                uint32_t x = (uint32_t)(g[n * width + k] ^ g[n * width + m - k]);
                if (x < (uint32_t)marks) seen[x] = stamp;
            }
            int32_t mex = 0;
            while (seen[mex] == stamp) ++mex;
            g[n * width + m] = mex;
            g[m * width + n] = mex;
        }
    }
    free(seen);
    return 0;
}

PyDoc_STRVAR(table_doc,
"table(size, min_side, no_unit) -> bytearray\n\n"
"The (size + 1) x (size + 1) Sprague-Grundy table as native int32, row-major, -1 where undefined.");

static PyObject *table(PyObject *self, PyObject *args) {
    long size, min_side;
    int no_unit;
    if (!PyArg_ParseTuple(args, "llp", &size, &min_side, &no_unit)) return NULL;
    if (size < 0 || size > 100000 || min_side < 1) {
        PyErr_SetString(PyExc_ValueError, "size must be in 0..100000 and min_side at least 1");
        return NULL;
    }
    Py_ssize_t bytes = (Py_ssize_t)(size + 1) * (size + 1) * (Py_ssize_t)sizeof(int32_t);
    PyObject *out = PyByteArray_FromStringAndSize(NULL, bytes);
    if (out == NULL) return NULL;
    int32_t *g = (int32_t *)PyByteArray_AS_STRING(out);
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = fill_table(g, size, min_side, no_unit);
    Py_END_ALLOW_THREADS
    if (failed) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    return out;
}

/* Longest token read as a side: sides are at most a few thousand, and longer tokens (leading
 * zeros, huge numbers) are left to the Python parser, which words their errors. */
#define MAX_TOKEN 9

PyDoc_STRVAR(answer_doc,
"answer(data, min_side, no_unit, limit, win, lose) -> bytes | None\n\n"
"The judge output for judge input data (pairs of sides, one query each): win or lose and a\n"
"newline per query, from one table up to the largest side. None unless data is plainly\n"
"well-formed: only ASCII digits, spaces, tabs and newlines, tokens of at most 9 digits, an even\n"
"number of them (at least two), every side in min_side..limit, and no 1 x 1 piece when no_unit.\n"
"Anything else is left to the Python parser, which accepts more (carriage returns, signs) and\n"
"words every error; on what both accept, both read the same pieces.");

static PyObject *answer(PyObject *self, PyObject *args) {
    Py_buffer data, win, lose;
    long min_side, limit;
    int no_unit;
    if (!PyArg_ParseTuple(args, "y*lply*y*", &data, &min_side, &no_unit, &limit, &win, &lose)) return NULL;
    PyObject *result = NULL;
    const unsigned char *p = data.buf;
    Py_ssize_t len = data.len;
    /* At most one token per two bytes (a digit and a separator), plus one. */
    long *sides = malloc(sizeof(long) * (size_t)(len / 2 + 2));
    int32_t *g = NULL;
    if (sides == NULL) {
        result = PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t count = 0;
    long top = 0;
    for (Py_ssize_t i = 0; i < len;) {
        unsigned char c = p[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            ++i;
            continue;
        }
        long value = 0;
        int digits = 0;
        while (i < len && p[i] >= '0' && p[i] <= '9') {
            if (++digits > MAX_TOKEN) goto plain;
            value = value * 10 + (p[i] - '0');
            ++i;
        }
        if (digits == 0) goto plain; /* a byte that is neither a digit nor a separator */
        if (i < len && p[i] != ' ' && p[i] != '\t' && p[i] != '\n') goto plain;
        if (value < min_side || value > limit) goto plain;
        sides[count++] = value;
        if (value > top) top = value;
    }
    if (count == 0 || count % 2) goto plain;
    if (no_unit) {
        for (Py_ssize_t q = 0; q < count; q += 2)
            if (sides[q] == 1 && sides[q + 1] == 1) goto plain;
    }
    long width = top + 1;
    g = malloc(sizeof(int32_t) * (size_t)width * (size_t)width);
    if (g == NULL || fill_table(g, top, min_side, no_unit)) {
        result = PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t q = 0; q < count; q += 2)
        total += (g[sides[q] * width + sides[q + 1]] != 0 ? win.len : lose.len) + 1;
    result = PyBytes_FromStringAndSize(NULL, total);
    if (result == NULL) goto done;
    char *out = PyBytes_AS_STRING(result);
    for (Py_ssize_t q = 0; q < count; q += 2) {
        const Py_buffer *word = g[sides[q] * width + sides[q + 1]] != 0 ? &win : &lose;
        memcpy(out, word->buf, (size_t)word->len);
        out += word->len;
        *out++ = '\n';
    }
    goto done;
plain:
    result = Py_NewRef(Py_None);
done:
    free(sides);
    free(g);
    PyBuffer_Release(&data);
    PyBuffer_Release(&win);
    PyBuffer_Release(&lose);
    return result;
}

static PyMethodDef methods[] = {
    {"table", table, METH_VARARGS, table_doc},
    {"answer", answer, METH_VARARGS, answer_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_sgtable",
    "Sprague-Grundy tables of the rectangle-cutting games in C (see the comment at the top of _sgtable.c).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__sgtable(void) { return PyModule_Create(&module); }
