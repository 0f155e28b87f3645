"""run.py's report: the cells, the Markdown table, the CSV and the PNG
charts (matplotlib, imported inside write_charts)."""

import csv
import os

from run_common import TITLE


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------


def cell(r):
    if r is None:
        return "-"
    st = r["status"]
    if st == "ok":
        return f"{r['median']:.3f} ({r['min']:.3f}-{r['max']:.3f})"
    if st == "wrong":
        return "wrong result"
    if st == "na":
        return f"n/a: {r['why']}"
    if st == "unavailable":
        return f"not run: {r['why']}"
    return f"failed: {r['why']}"


def md_escape(s):
    return s.replace("|", "\\|")


def write_outputs(args, rows, columns, header_lines, stamp):
    os.makedirs(args.out, exist_ok=True)
    base = os.path.join(args.out, f"peers-{stamp}" +
                        ("-quick" if args.quick else ""))
    # Markdown
    cols = ["MDH"] + (["MDH tuned"] if args.tune_seconds else []) + [
        TITLE[p] for p in columns]
    lines = list(header_lines) + [""]
    lines.append("| kernel | " + " | ".join(
        c + " ms (min-max)" if c == "MDH" else c for c in cols) +
        " | best peer | MDH/best peer |")
    lines.append("|---" * (len(cols) + 3) + "|")
    for row in rows:
        cells = [cell(row["mdh"])]
        if args.tune_seconds:
            cells.append(cell(row.get("mdh_tuned")))
        cells += [cell(row["peers"].get(p)) for p in columns]
        best = row.get("best")
        ratio = row.get("ratio")
        lines.append(f"| {row['kernel']} | " + " | ".join(
            md_escape(c) for c in cells) + f" | "
            f"{TITLE[best] if best else '-'} | "
            f"{f'{ratio:.2f}x' if ratio else '-'} |")
    with open(base + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    # CSV: one row per kernel and peer
    fields = ["kernel", "file", "kind", "sizes", "peer", "status",
              "median_ms", "min_ms", "max_ms", "runs", "build_s", "wall_s",
              "err_over_tol", "why", "notes", "threads"]
    with open(base + ".csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for row in rows:
            entries = [("mdh", row["mdh"])]
            if args.tune_seconds:
                entries.append(("mdh_tuned", row.get("mdh_tuned")))
            entries += [(p, row["peers"].get(p)) for p in columns]
            for peer, r in entries:
                if r is None:
                    continue
                w.writerow({
                    "kernel": row["kernel"], "file": row["file"],
                    "kind": row["kind"], "sizes": row["sizes"],
                    "peer": peer, "status": r["status"],
                    "median_ms": r.get("median"), "min_ms": r.get("min"),
                    "max_ms": r.get("max"), "runs": r.get("runs"),
                    "build_s": (round(r["build_s"], 3) if r.get("build_s")
                                is not None else None),
                    "wall_s": (round(r["wall_s"], 1) if r.get("wall_s")
                               is not None else None),
                    "err_over_tol": (f"{r['err']:.3g}" if r.get("err")
                                     is not None else None),
                    "why": r.get("why", ""), "notes": r.get("notes", ""),
                    "threads": args.threads})
    charts = []
    try:
        charts = write_charts(args, rows, columns, base, stamp)
    except ImportError as e:
        print(f"peers: no charts ({e}); install python3-matplotlib")
    return base, charts


def write_charts(args, rows, columns, base, stamp):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    families = {}
    for row in rows:
        families.setdefault(row["family"], []).append(row)
    keys = ["mdh"] + (["mdh_tuned"] if args.tune_seconds else []) + columns
    names = ["MDH"] + (["MDH tuned"] if args.tune_seconds else []) + [
        TITLE[p] for p in columns]
    colors = plt.get_cmap("tab20").colors
    paths = []
    for fam, frows in families.items():
        fig, ax = plt.subplots(figsize=(max(7, 1.2 * len(keys) *
                                            len(frows) / 2 + 3), 4.8))
        width = 0.8 / len(keys)
        for ki, (key, name) in enumerate(zip(keys, names)):
            for ri, row in enumerate(frows):
                r = row["mdh"] if key == "mdh" else (
                    row.get("mdh_tuned") if key == "mdh_tuned" else
                    row["peers"].get(key))
                xpos = ri + (ki - (len(keys) - 1) / 2) * width
                label = name if ri == 0 else None
                if r and r["status"] == "ok":
                    ax.bar(xpos, r["median"], width, color=colors[ki % 20],
                           label=label,
                           yerr=[[r["median"] - r["min"]],
                                 [r["max"] - r["median"]]], capsize=2,
                           error_kw={"linewidth": 0.7})
                else:
                    ax.bar(xpos, 0, width, color=colors[ki % 20], label=label)
                    mark = {"wrong": "wrong", "na": "n/a", "timeout": "t/o",
                            "unavailable": "-"}.get(
                                r["status"] if r else "unavailable", "fail")
                    ax.annotate(mark, (xpos, 0), xycoords=("data",
                                                           "axes fraction"),
                                xytext=(0, 3), textcoords="offset points",
                                ha="center", va="bottom", rotation=90,
                                fontsize=6, color="dimgray")
        ax.set_yscale("log")
        ax.set_ylabel("median ms (bars: min-max), log scale; lower is faster")
        ax.set_xticks(range(len(frows)))
        ax.set_xticklabels([r["kernel"] for r in frows], fontsize=8)
        ax.set_title(f"{fam}: MDH and CPU peers, {args.threads} threads, "
                     f"{stamp}", fontsize=9)
        ax.legend(fontsize=7, ncol=2, loc="upper left",
                  bbox_to_anchor=(1.0, 1.0))
        fig.tight_layout()
        path = f"{base}-{fam}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths
