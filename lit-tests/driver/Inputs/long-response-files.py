"""Writes two response files longer than a command line may be: big.rsp, one -D whose value
is a 140,000-character string literal (Linux refuses one argument over 128 KiB), and
many.rsp, 2,200 -D options of about 1 KB each (2.2 MB, over ARG_MAX)."""
with open("big.rsp", "w") as f:
    f.write('-DBIG=\\"' + "x" * 140000 + '\\"\n')
with open("many.rsp", "w") as f:
    f.write(" ".join("-DFLAG{0}={0}{1}".format(i, "+0" * 500) for i in range(2200)) + "\n")
