/* EnterpriseOps report: task explorer. Data is gzip+base64 JSON in text/plain script blocks:
   eops-index (the list) and eops-c<N> (task details, decoded only when a task is opened). */
(() => {
  "use strict";
  const META = JSON.parse(document.getElementById("eops-meta").textContent);
  const PAGE = 100;
  const OUTCOMES = ["passed", "failed", "error", "not_judged"];
  let DATA = null;        // {tasks: {id: {...}}, records: [...]}
  let HAY = [];           // lowercased search text per record
  let VIEW = [];          // indices of records that match the filters
  let BYTASK = null;      // task id -> indices of its records (all runs), built on first use
  const chunks = new Map();
  const state = { q: "", run: "", domain: "", tag: "", outcome: "", cat: "", sort: "id", shown: PAGE };
  const statusEl = document.getElementById("task-status");
  const listEl = document.getElementById("task-list");
  const filtersEl = document.getElementById("filters");

  // -- helpers -------------------------------------------------------------
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    if (attrs) for (const [k, v] of Object.entries(attrs)) {
      if (v == null || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "html") el.innerHTML = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "style") el.style.cssText = v;
      else el.setAttribute(k, v);
    }
    for (const kid of kids.flat()) {
      if (kid == null || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  }
  const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  function jsonHTML(v) {
    const s = esc(typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v, null, 2));
    return s.replace(/("(\\u[a-fA-F0-9]{4}|\\[^u]|[^\\"])*"(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)/g,
      (m) => {
        let c = "j-num";
        if (m[0] === '"') c = /:$/.test(m) ? "j-key" : "j-str";
        else if (/true|false|null/.test(m)) c = "j-lit";
        return `<span class="${c}">${m}</span>`;
      });
  }
  function jsonPre(v, cls) {
    if (v && typeof v === "object" && v.__cut__) {
      return h("div", null, h("pre", { class: cls, "data-label": cls, text: v.text }),
        h("div", { class: "muted small", style: "padding:2px 10px 6px" },
          `cut at ${v.text.length.toLocaleString()} of ${v.chars.toLocaleString()} characters — the full value is in the saved JSON`));
    }
    return h("pre", { class: cls, "data-label": cls, html: jsonHTML(v) });
  }
  function fmtVal(v) {
    if (v === null || v === undefined) return h("span", { class: "null", text: "null" });
    if (typeof v === "string") return v;
    if (v && typeof v === "object" && !Array.isArray(v)) return Object.entries(v).map(([k, x]) => `${k}: ${countsText(x)}`).join("\n");
    return JSON.stringify(v);
  }
  function countsText(x) {
    if (x && typeof x === "object" && "added" in x && "removed" in x && "changed" in x) return `+${x.added} −${x.removed} Δ${x.changed}`;
    return typeof x === "string" ? x : JSON.stringify(x);
  }
  const pct = (x) => (x == null ? "–" : (100 * x).toFixed(0) + "%");
  const money = (x) => (x ? "$" + (x < 0.01 ? x.toFixed(4) : x.toFixed(3)) : "$0");
  const runChip = (i) => h("span", { class: "run-chip", style: `--c:${META.runs[i].color}` }, META.runs[i].label);
  function b64bytes(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  async function inflate(id) {
    const text = document.getElementById(id).textContent.trim();
    const stream = new Blob([b64bytes(text)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }
  async function detailOf(i) {
    const c = Math.floor(i / META.chunk_records);
    if (!chunks.has(c)) chunks.set(c, inflate("eops-c" + c));
    return (await chunks.get(c))[i % META.chunk_records];
  }

  // -- filters -------------------------------------------------------------
  function select(key, label, options) {
    const sel = h("select", { "aria-label": label, "data-filter": key,
      onchange: (e) => { state[key] = e.target.value; state.shown = PAGE; refresh(); } },
      h("option", { value: "" }, label), options.map(([v, t]) => h("option", { value: v }, t)));
    return sel;
  }
  function buildFilters() {
    const search = h("input", { type: "search", placeholder: "Search task id, prompt, answer…  ( / )",
      "aria-label": "search", value: state.q });
    let timer = null;
    search.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => { state.q = search.value.trim().toLowerCase(); state.shown = PAGE; refresh(); }, 120);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "/" && document.activeElement.tagName !== "INPUT") { e.preventDefault(); search.focus(); }
    });
    const kids = [search];
    if (META.runs.length > 1) kids.push(select("run", "all runs", META.runs.map((r, i) => [String(i), r.label])));
    kids.push(select("domain", "all domains", META.domains.map((d) => [d, d])));
    if (META.tags.length) kids.push(select("tag", "all tags", META.tags.map((t) => [t, t])));
    kids.push(select("outcome", "all outcomes", OUTCOMES.map((o) => [o, o.replace("_", " ")])));
    kids.push(select("cat", "any verifier", META.categories.map((c) => [c, `failed ${c.replace("_", " ")} verifier`])));
    const sort = select("sort", "sort: task id", [["fail", "sort: failures first"], ["steps", "sort: most steps"],
      ["cost", "sort: highest cost"], ["vfail", "sort: most failed verifiers"]]);
    kids.push(sort);
    kids.push(h("button", { type: "button", onclick: () => setFilters({}) }, "Reset"));
    filtersEl.replaceChildren(...kids);
  }
  function setFilters(f) {
    Object.assign(state, { q: "", run: "", domain: "", tag: "", outcome: "", cat: "", sort: "id", shown: PAGE }, f);
    filtersEl.querySelector("input[type=search]").value = state.q;
    for (const sel of filtersEl.querySelectorAll("select")) sel.value = state[sel.dataset.filter] === "id" ? "" : state[sel.dataset.filter];
    refresh();
  }

  function matches(i) {
    const r = DATA.records[i];
    if (state.run !== "" && String(r.r) !== state.run) return false;
    if (state.outcome && r.o !== state.outcome) return false;
    const t = DATA.tasks[r.t];
    if (state.domain && t.d !== state.domain && !t.ds.includes(state.domain)) return false;
    if (state.tag && !t.g.includes(state.tag)) return false;
    if (state.cat && !r.fc.includes(state.cat)) return false;
    if (state.q && !HAY[i].includes(state.q)) return false;
    return true;
  }
  const ORDER = { error: 0, failed: 1, not_judged: 2, passed: 3 };
  function sortView() {
    const R = DATA.records;
    const keys = {
      fail: (a, b) => (ORDER[R[a].o] ?? 4) - (ORDER[R[b].o] ?? 4),
      steps: (a, b) => R[b].s - R[a].s,
      cost: (a, b) => R[b].c - R[a].c,
      vfail: (a, b) => (R[b].vt - R[b].vp) - (R[a].vt - R[a].vp),
    };
    if (keys[state.sort]) VIEW.sort((a, b) => keys[state.sort](a, b) || a - b);
  }

  // -- list ----------------------------------------------------------------
  function refresh() {
    VIEW = [];
    for (let i = 0; i < DATA.records.length; i++) if (matches(i)) VIEW.push(i);
    sortView();
    const c = { passed: 0, failed: 0, error: 0, not_judged: 0 };
    for (const i of VIEW) c[DATA.records[i].o] = (c[DATA.records[i].o] || 0) + 1;
    statusEl.replaceChildren(h("div", { class: "counts" },
      h("span", null, h("b", null, VIEW.length.toLocaleString()), ` of ${DATA.records.length.toLocaleString()} task runs`),
      ...OUTCOMES.filter((o) => c[o]).map((o) => h("span", { class: "badge " + o }, `${o.replace("_", " ")} ${c[o]}`))));
    renderList();
  }
  function renderList() {
    const frag = document.createDocumentFragment();
    if (!VIEW.length) frag.append(h("div", { class: "empty" }, "No task run matches these filters."));
    for (const i of VIEW.slice(0, state.shown)) frag.append(taskRow(i));
    if (VIEW.length > state.shown) {
      frag.append(h("div", { class: "more" }, h("button", { type: "button", onclick: () => { state.shown += PAGE * 5; renderList(); } },
        `Show more (${(VIEW.length - state.shown).toLocaleString()} hidden)`)));
    }
    listEl.replaceChildren(frag);
  }
  function vbar(r) {
    const kids = [];
    const n = Math.min(r.vt, 12);
    const fails = Math.min(r.vt - r.vp, n);
    for (let k = 0; k < n; k++) kids.push(h("i", { class: k < n - fails ? "" : "f" }));
    return h("span", { class: "vbar", title: `${r.vp}/${r.vt} verifiers held` }, kids);
  }
  function taskRow(i) {
    const r = DATA.records[i];
    const t = DATA.tasks[r.t];
    const row = h("div", { class: "task", "data-index": i, "data-outcome": r.o, "data-task": r.t });
    const head = h("div", { class: "task-head", role: "button", tabindex: "0", "aria-expanded": "false" },
      h("span", { class: "badge " + r.o }, r.o.replace("_", " ")),
      h("span", { class: "task-id", title: r.t }, r.t, h("span", { class: "rk" }, `r${r.k}`)),
      h("span", { class: "task-prompt", title: t.p }, META.runs.length > 1 ? runChip(r.r) : null, " ", t.p),
      h("span", { class: "task-meta vcell" }, vbar(r), ` ${r.vp}/${r.vt}`),
      h("span", { class: "task-meta", title: "tool calls (gold solution)" }, `${r.s}/${t.gs} steps`),
      h("span", { class: "task-meta cost", title: "cost of this task run" }, money(r.c)),
      h("span", { class: "caret" }, "▸"));
    const toggle = () => toggleRow(row, i);
    head.addEventListener("click", toggle);
    head.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
    row.append(head);
    return row;
  }
  async function toggleRow(row, i) {
    const open = row.classList.toggle("open");
    row.querySelector(".task-head").setAttribute("aria-expanded", String(open));
    const old = row.querySelector(".detail");
    if (old) old.remove();
    if (!open) return;
    const box = h("div", { class: "detail" }, h("p", { class: "muted" }, "Loading…"));
    row.append(box);
    try {
      const d = await detailOf(i);
      box.replaceChildren(...renderDetail(DATA.records[i], DATA.tasks[DATA.records[i].t], d));
    } catch (err) {
      box.replaceChildren(h("div", { class: "note bad" }, "Could not decode this task: " + err));
    }
  }

  // -- detail --------------------------------------------------------------
  function fact(k, v) { return v == null || v === "" ? null : h("span", null, h("b", null, k), v); }
  function renderDetail(r, t, d) {
    const u = d.usage || {};
    const tm = d.timings || {};
    const out = [];
    out.push(h("div", { class: "facts" },
      runChip(r.r), fact("run", `r${r.k}`), fact("domain", t.ds.join(" + ")),
      t.f ? null : h("span", { class: "tag infeasible" }, "infeasible — the agent must refuse"),
      t.g.length ? h("span", null, t.g.map((g) => h("span", { class: "tag" }, g))) : null,
      fact("as", d.as_user ? `${d.as_user}${d.role ? " (" + d.role + ")" : ""}` : null),
      fact("steps", `${r.s} (gold ${t.gs})`),
      fact("tokens", u.input_tokens != null ? `${(u.input_tokens || 0).toLocaleString()} in / ${(u.output_tokens || 0).toLocaleString()} out` +
        (u.cached_tokens ? ` / ${u.cached_tokens.toLocaleString()} cached` : "") + (u.reasoning_tokens ? ` / ${u.reasoning_tokens.toLocaleString()} reasoning` : "") : null),
      fact("cost", money(u.cost || 0)), fact("model calls", u.model_calls || 0),
      u.latency_s ? fact("model latency", `${u.latency_s.toFixed(1)} s`) : null,
      tm.agent_s != null ? fact("agent", `${tm.agent_s.toFixed(2)} s`) : null,
      tm.verify_ms != null ? fact("verify", `${tm.verify_ms.toFixed(0)} ms`) : null,
      fact("file", t.path ? `${t.path}${t.line ? ":" + t.line : ""}` : null)));
    if (d.error) out.push(h("section", null, h("h4", null, "Harness error"), h("div", { class: "box error" }, d.error)));
    if (d.stopped) out.push(h("div", { class: "note warn" }, "The agent stopped early: " + d.stopped));
    const runs = recordsOf(r.t);
    if (runs.length > 1) out.push(renderAcrossRuns(r, runs));
    // prompt and policy: markdown rendered by the report writer with raw HTML escaped (report/markdown.py)
    out.push(h("section", null, h("h4", null, "Prompt"),
      t.pm ? h("div", { class: "box md prompt", html: t.pm }) : h("div", { class: "box" }, t.p.trim())));
    const pol = t.ds.filter((dn) => DATA.policies && DATA.policies[dn]);
    if (pol.length) out.push(h("section", { class: "policy-section" }, pol.map((dn) =>
      h("details", { class: "policy" }, h("summary", null, `Policy — ${dn} (the agent's system prompt)`),
        h("div", { class: "box md", html: DATA.policies[dn] })))));
    out.push(h("section", null, h("h4", null, "Final answer"),
      d.final_answer ? h("div", { class: "box answer" }, d.final_answer) : h("div", { class: "muted" }, "(no final answer)")));
    out.push(renderVerifiers(d.verifiers || []));
    out.push(renderDiff(d.diff || {}));
    out.push(renderTranscript(d.transcript || []));
    return out;
  }
  // every task run of one task, across all runs of the report and all [rN], side by side
  function recordsOf(id) {
    if (!BYTASK) {
      BYTASK = new Map();
      DATA.records.forEach((x, i) => { if (!BYTASK.has(x.t)) BYTASK.set(x.t, []); BYTASK.get(x.t).push(i); });
    }
    return BYTASK.get(id) || [];
  }
  function renderAcrossRuns(cur, idxs) {
    const t = DATA.tasks[cur.t];
    const rows = idxs.map((i) => {
      const x = DATA.records[i];
      const here = x === cur;
      const more = x.vt - x.vp - x.fv.length;
      return h("tr", { class: here ? "here" : null, "data-run": x.r, "data-k": x.k, "data-outcome": x.o },
        h("td", null, runChip(x.r)), h("td", null, `r${x.k}`),
        h("td", null, h("span", { class: "badge " + x.o }, x.o.replace("_", " "))),
        h("td", { class: "num" }, `${x.s}/${t.gs}`), h("td", { class: "num" }, `${x.vp}/${x.vt}`),
        h("td", { class: "fv" }, x.fv.length ? x.fv.join("; ") + (more > 0 ? ` (+${more})` : "") : x.e ? x.e : "–"),
        h("td", { class: "num" }, money(x.c)),
        h("td", null, here ? h("span", { class: "muted" }, "this one")
          : h("a", { href: `#task=${x.r}/${encodeURIComponent(x.t)}/r${x.k}` }, "transcript")));
    });
    return h("section", { class: "across-runs" }, h("h4", null, `Across runs — ${idxs.length} task runs of this task`),
      h("div", { class: "scroll" }, h("table", { class: "summary across" },
        h("thead", null, h("tr", null, ["run", "", "outcome", "steps (gold)", "verifiers", "failed verifiers", "cost", ""]
          .map((x) => h("th", null, x)))),
        h("tbody", null, rows))));
  }
  function renderVerifiers(vs) {
    const sec = h("section", { class: "verifiers-section" },
      h("h4", null, `Verifiers — ${vs.filter((v) => v.passed === true).length} of ${vs.filter((v) => v.passed != null).length} held` +
        (vs.some((v) => v.passed == null) ? `, ${vs.filter((v) => v.passed == null).length} not judged` : "")));
    if (!vs.length) { sec.append(h("div", { class: "muted" }, "No verifier results (the run ended before verification).")); return sec; }
    const rows = vs.map((v) => {
      const st = v.passed === true ? "pass" : v.passed === false ? "fail" : "none";
      const mark = { pass: "✓", fail: "✗", none: "–" }[st];
      return h("tr", { class: "verifier " + st, "data-passed": String(v.passed) },
        h("td", null, h("span", { class: "mark " + st, title: st === "none" ? "not judged" : st }, mark)),
        h("td", null, h("div", null, h("b", null, v.name), v.builtin ? h("span", { class: "pill", style: "margin-left:6px" }, "built-in") : null),
          v.message ? h("div", { class: "muted small" }, v.message) : null,
          v.sql ? h("details", { class: "sql" }, h("summary", null, "SQL"), h("pre", null, v.sql)) : null),
        h("td", null, h("span", { class: "tag cat" }, (v.category || "?").replace("_", " "))),
        h("td", { class: "muted small" }, v.kind || "", v.line ? ` · line ${v.line}` : ""),
        h("td", null, h("div", { class: "val exp" }, fmtVal(v.expected))),
        h("td", null, h("div", { class: "val act" }, fmtVal(v.actual))));
    });
    sec.append(h("div", { class: "scroll" }, h("table", { class: "verifiers" },
      h("thead", null, h("tr", null, ["", "verifier", "category", "kind", "expected", "actual"].map((x) => h("th", null, x)))),
      h("tbody", null, rows))));
    return sec;
  }
  function cell(v) {
    if (v === null || v === undefined) return h("td", null, h("span", { class: "null" }, "null"));
    const s = typeof v === "string" ? v : JSON.stringify(v);
    return h("td", { title: s }, s);
  }
  function renderDiff(diff) {
    const tables = Object.values(diff);
    const sec = h("section", { class: "diff-section" }, h("h4", null, "Database changes"));
    if (!tables.length) { sec.append(h("div", { class: "muted" }, "No rows changed.")); return sec; }
    for (const t of tables) {
      const c = t.counts || {};
      const cols = [];
      for (const row of [...(t.added || []), ...(t.removed || [])]) for (const k of Object.keys(row)) if (!cols.includes(k)) cols.push(k);
      const body = [];
      for (const [kind, sign, cls] of [["added", "+", "add"], ["removed", "−", "rem"]]) {
        for (const row of t[kind] || []) body.push(h("tr", { class: "drow " + cls }, h("td", { class: cls }, sign), cols.map((k) => cell(row[k]))));
      }
      const pk = t.pk || [];
      const changed = (t.changed || []).map((ch) => h("tr", { class: "drow chg" }, h("td", { class: "chg" }, "Δ"),
        h("td", { colspan: Math.max(cols.length, 1), style: "white-space:normal" },
          h("b", null, Object.entries(ch.key || {}).map(([k, v]) => `${k}=${v}`).join(", ")), "  ",
          Object.entries(ch.fields || {}).map(([f, [a, b]]) => h("span", { class: "field", style: "margin-right:14px" },
            h("span", { class: "muted" }, f + ": "), h("span", { class: "old" }, a == null ? "null" : typeof a === "string" ? a : JSON.stringify(a)),
            " → ", h("span", { class: "new" }, b == null ? "null" : typeof b === "string" ? b : JSON.stringify(b)))))));
      const cut = ["added", "removed", "changed"].filter((k) => t[k + "_cut"]).map((k) => `${t[k + "_cut"]} more ${k}`).join(", ");
      sec.append(h("div", { class: "dtable", "data-table": t.table },
        h("div", { class: "dtable-head" }, h("span", null, t.table, pk.length ? h("span", { class: "muted", style: "font-weight:400" }, `  key ${pk.join(", ")}`) : null),
          h("span", { class: "dcounts" }, h("span", { class: "add" }, `+${c.added || 0}`), h("span", { class: "rem" }, `−${c.removed || 0}`), h("span", { class: "chg" }, `Δ${c.changed || 0}`))),
        h("div", { class: "scroll" }, h("table", { class: "rows" },
          cols.length ? h("thead", null, h("tr", null, h("th", null, ""), cols.map((k) => h("th", null, k)))) : null,
          h("tbody", null, body, changed))),
        cut ? h("div", { class: "muted small", style: "padding:4px 10px" }, `(${cut} not shown)`) : null));
    }
    return sec;
  }
  function renderTranscript(events) {
    const calls = events.filter((e) => e.type === "tool_call");
    const errs = calls.filter((e) => e.error).length;
    const sec = h("section", { class: "transcript" }, h("h4", null,
      `Transcript — ${calls.length} tool call${calls.length === 1 ? "" : "s"}` + (errs ? `, ${errs} with errors` : "") +
      `, ${events.length - calls.length} message${events.length - calls.length === 1 ? "" : "s"}`));
    if (!events.length) { sec.append(h("div", { class: "muted" }, "The agent did nothing.")); return sec; }
    const steps = h("div", { class: "steps" });
    events.forEach((e, n) => steps.append(e.type === "tool_call" ? toolEvent(e) : msgEvent(e, n)));
    sec.append(steps);
    return sec;
  }
  function msgEvent(e) {
    const meta = e.meta && Object.keys(e.meta).length ? Object.entries(e.meta).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join(" · ") : "";
    return h("div", { class: "ev msg" }, h("div", { class: "n" }, e.t != null ? `${e.t.toFixed(1)}s` : ""),
      h("div", { class: "body" },
        h("div", { class: "top" }, h("b", null, e.role || "message"), meta ? h("span", { class: "muted small" }, meta) : null),
        e.thinking ? h("details", { class: "think" }, h("summary", null, `thinking (${e.thinking.length.toLocaleString()} chars)`), h("div", null, e.thinking)) : null,
        e.content ? h("div", { class: "content" }, e.content) : h("div", { class: "content muted" }, "(no text)")));
  }
  function toolEvent(e) {
    const big = e.result != null && JSON.stringify(e.result).length > 900;
    const result = e.error ? h("pre", { class: "error" }, e.error)
      : big ? h("details", null, h("summary", { class: "muted small", style: "padding:4px 10px;cursor:pointer" },
        `result (${JSON.stringify(e.result).length.toLocaleString()} chars)`), jsonPre(e.result, "result"))
        : jsonPre(e.result, "result");
    return h("div", { class: "ev call" + (e.error ? " err" : ""), "data-tool": e.name },
      h("div", { class: "n" }, `#${(e.index ?? 0) + 1}`),
      h("div", { class: "body" },
        h("div", { class: "top" }, h("span", { class: "tool" }, e.name),
          e.wrote ? h("span", { class: "pill w" }, "wrote") : null,
          e.error_kind ? h("span", { class: "pill e" }, e.error_kind.replace("_", " ")) : null,
          h("span", { class: "right" }, `${e.t_start != null ? "at " + e.t_start.toFixed(2) + "s · " : ""}${(e.duration_ms || 0).toFixed(1)} ms`)),
        e.args && Object.keys(e.args).length ? jsonPre(e.args, "args") : null,
        result));
  }

  // -- deep links: #task=<run>/<task id>[/r<k>] ------------------------------
  // The row is opened, its detail rendered and the images above it laid out before it is scrolled to,
  // below the sticky header and filter bar (which would otherwise cover it).
  function stickyOffset() {
    let top = 0;
    for (const el of [document.querySelector("header.top"), filtersEl]) {
      const st = el && getComputedStyle(el);  // where it sticks, not where it is now (it may be far below)
      if (st && st.position === "sticky") top = Math.max(top, (parseFloat(st.top) || 0) + el.offsetHeight);
    }
    return top + 8;
  }
  async function imagesLaidOut() {
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
    await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
  }
  async function openFromHash() {
    const m = /^#task=(\d+)\/([^/]+?)(?:\/r(\d+))?$/.exec(location.hash);
    if (!m || !DATA) return;
    const run = m[1], id = decodeURIComponent(m[2]), k = m[3];
    setFilters({ q: id.toLowerCase(), run: META.runs.length > 1 ? run : "" });
    const rows = [...listEl.querySelectorAll(".task")].filter((el) => el.dataset.task === id &&
      (META.runs.length < 2 || String(DATA.records[Number(el.dataset.index)].r) === run));
    const row = rows.find((el) => k == null || String(DATA.records[Number(el.dataset.index)].k) === k) || rows[0];
    if (!row) return;
    for (const o of listEl.querySelectorAll(".task.open")) if (o !== row) toggleRow(o, Number(o.dataset.index));
    if (!row.classList.contains("open")) await toggleRow(row, Number(row.dataset.index));
    await imagesLaidOut();
    row.style.scrollMarginTop = stickyOffset() + "px";
    row.scrollIntoView({ block: "start" });
    row.classList.add("linked");
  }
  document.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-filter-domain]");
    if (a && DATA) { setFilters({ domain: a.dataset.filterDomain }); }
  });

  async function main() {
    const t0 = performance.now();
    if (typeof DecompressionStream === "undefined") {
      statusEl.replaceChildren(h("div", { class: "note bad" }, "This browser cannot decompress the embedded task data (needs DecompressionStream: Chrome 80+, Firefox 113+, Safari 16.4+)."));
      return;
    }
    DATA = await inflate("eops-index");
    HAY = DATA.records.map((r) => {
      const t = DATA.tasks[r.t];
      return [r.t, t.p, r.fa || "", r.e || "", t.d, t.g.join(" ")].join("\n").toLowerCase();
    });
    buildFilters();
    refresh();
    window.addEventListener("hashchange", openFromHash);
    openFromHash();
    window.__eops = { decodeMs: performance.now() - t0, records: DATA.records.length };
    document.body.dataset.ready = "1";
  }
  main().catch((err) => {
    statusEl.replaceChildren(h("div", { class: "note bad" }, "Could not load the task data: " + err));
    document.body.dataset.ready = "error";
  });
})();
