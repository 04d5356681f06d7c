// Toolgate console: a small single-page app over the REST API. No framework, no build step,
// nothing loaded from elsewhere (the page's Content-Security-Policy forbids it anyway).
"use strict";

(() => {
  const KEY_STORAGE = "toolgate.apiKey";
  const view = document.getElementById("view");
  const state = { capabilities: null, searchTimer: null, searchSeq: 0 };

  // ---------- small DOM helpers ----------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const clear = (node) => { while (node.firstChild) node.removeChild(node.firstChild); return node; };
  const pretty = (value) => JSON.stringify(value, null, 2);
  const fmt = (n, digits = 3) => (typeof n === "number" ? n.toFixed(digits) : String(n));

  function codeBlock(title, text) {
    const pre = el("pre", { class: "code" }, text);
    const copy = el("button", { class: "secondary copy", type: "button", text: "Copy" });
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(text); copy.textContent = "Copied"; }
      catch (e) { copy.textContent = "Select and copy"; }
      setTimeout(() => { copy.textContent = "Copy"; }, 1500);
    });
    return el("div", { class: "code-wrap" }, el("div", { class: "code-head" }, el("h3", { text: title }), copy), pre);
  }

  function errorPanel(message) {
    return el("div", { class: "panel error-panel", role: "alert" }, message);
  }

  // ---------- API ----------
  function apiKey() { return sessionStorage.getItem(KEY_STORAGE) || ""; }

  async function api(method, path, body) {
    const headers = { Accept: "application/json" };
    const key = apiKey();
    if (key) headers.Authorization = "Bearer " + key;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { status: 0, json: { error: { code: "network", message: "The server cannot be reached: " + e.message } } };
    }
    let json = null;
    const text = await response.text();
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = { raw: text }; }
    if (response.status === 401) openKeyDialog();
    return { status: response.status, json };
  }

  function errorText(result) {
    const e = result.json && result.json.error;
    return e ? `${e.message} (${e.code}, HTTP ${result.status})` : `HTTP ${result.status}`;
  }

  // ---------- API key dialog ----------
  const keyDialog = document.getElementById("key-dialog");
  const keyButton = document.getElementById("key-button");
  function openKeyDialog() {
    if (keyDialog.open) return;
    document.getElementById("key-input").value = apiKey();
    keyDialog.showModal();
  }
  function refreshKeyButton() {
    keyButton.classList.toggle("set", !!apiKey());
    keyButton.textContent = apiKey() ? "Key set" : "API key";
  }
  keyButton.addEventListener("click", openKeyDialog);
  document.getElementById("key-form").addEventListener("submit", () => {
    const value = document.getElementById("key-input").value.trim();
    if (value) sessionStorage.setItem(KEY_STORAGE, value); else sessionStorage.removeItem(KEY_STORAGE);
    refreshKeyButton();
    loadStatus();
    route();
  });
  document.getElementById("key-clear").addEventListener("click", () => {
    sessionStorage.removeItem(KEY_STORAGE);
    keyDialog.close();
    refreshKeyButton();
    route();
  });

  // ---------- status chips ----------
  async function loadStatus() {
    const status = document.getElementById("status");
    const ready = await api("GET", "/readyz");
    const caps = await api("GET", "/v1/capabilities");
    state.capabilities = caps.status === 200 ? caps.json : null;
    clear(status);
    if (ready.json) {
      const r = ready.json;
      status.append(
        el("span", { class: "chip " + (r.status === "ready" ? "ok" : "warn"), title: "Readiness" },
          el("span", { class: "dot" }), r.status === "ready" ? `${r.tools} tools` : "starting"),
        el("span", { class: "chip " + (r.vectors_ready ? "ok" : "warn"), title: "Search channels in use" },
          el("span", { class: "dot" }), r.search_mode || ""));
    }
    if (state.capabilities) {
      const c = state.capabilities;
      status.append(el("span", { class: "chip", title: "Access" },
        c.auth === "open" ? "open access" : `key: ${c.caller.id}`));
    } else if (caps.status === 401) {
      status.append(el("span", { class: "chip bad" }, el("span", { class: "dot" }), "key required"));
    }
  }

  // ---------- router ----------
  function route() {
    const hash = location.hash || "#/search";
    const [path, query] = hash.slice(1).split("?");
    const params = new URLSearchParams(query || "");
    const parts = path.split("/").filter(Boolean);
    const section = parts[0] || "search";
    document.querySelectorAll("[data-nav]").forEach((a) =>
      a.classList.toggle("active", a.dataset.nav === section || (section === "tool" && a.dataset.nav === "tools")));
    clear(view);
    if (section === "tool" && parts[1]) return showTool(decodeURIComponent(parts[1]), params.get("tab") || "try");
    if (section === "tools") return showTools();
    if (section === "sources") return showSources();
    if (section === "sandboxes") return showSandboxes();
    return showSearch(params.get("q") || "");
  }

  // ---------- search ----------
  function showSearch(initial) {
    const node = document.getElementById("tpl-search").content.cloneNode(true);
    view.append(node);
    const input = document.getElementById("search-input");
    input.value = initial;
    const run = () => {
      clearTimeout(state.searchTimer);
      state.searchTimer = setTimeout(search, 140);
    };
    input.addEventListener("input", run);
    ["search-mode", "search-limit", "search-min"].forEach((id) => document.getElementById(id).addEventListener("change", run));
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        const first = document.querySelector(".hit .hit-name");
        if (first) first.click();
      }
    });
    input.focus();
    if (initial) search(); else emptyState();
  }

  function emptyState() {
    const results = document.getElementById("results");
    if (!results) return;
    clear(results).append(el("li", { class: "empty" },
      "Type what the agent needs. Every hit shows its fused score and the rank and score from each search channel."));
    document.getElementById("search-meta").textContent = "";
  }

  async function search() {
    const input = document.getElementById("search-input");
    if (!input) return;
    const query = input.value.trim();
    history.replaceState(null, "", "#/search" + (query ? "?q=" + encodeURIComponent(query) : ""));
    const hint = document.getElementById("search-hint");
    hint.hidden = true;
    if (!query) return emptyState();
    const body = { query, limit: Number(document.getElementById("search-limit").value) || 5,
      mode: document.getElementById("search-mode").value };
    const min = document.getElementById("search-min").value;
    if (min !== "") body.min_score = Number(min);
    const seq = ++state.searchSeq;
    const started = performance.now();
    const result = await api("POST", "/v1/tools:search", body);
    if (seq !== state.searchSeq) return; // a newer search is on its way
    const elapsed = performance.now() - started;
    const results = clear(document.getElementById("results"));
    if (result.status !== 200) {
      results.append(el("li", {}, errorPanel(errorText(result))));
      return;
    }
    const r = result.json;
    document.getElementById("search-meta").textContent =
      `${r.tools.length} hit${r.tools.length === 1 ? "" : "s"} · ${r.search_mode}${r.fallback ? " · fallback" : ""} · ${elapsed.toFixed(0)} ms`;
    if (r.hint) { hint.textContent = r.hint; hint.hidden = false; }
    if (!r.tools.length) {
      results.append(el("li", { class: "empty" }, "No tool matches. Try other words."));
      return;
    }
    const tpl = document.getElementById("tpl-hit");
    r.tools.forEach((hit, i) => {
      const li = tpl.content.firstElementChild.cloneNode(true);
      li.querySelector(".hit-rank").textContent = "#" + (i + 1);
      const name = li.querySelector(".hit-name");
      name.textContent = hit.tool_id;
      name.href = "#/tool/" + encodeURIComponent(hit.tool_id);
      li.querySelector(".fill").style.width = Math.round(Math.max(0, Math.min(1, hit.score)) * 100) + "%";
      li.querySelector(".hit-score .value").textContent = fmt(hit.score);
      li.querySelector(".hit-desc").textContent = hit.description;
      const channels = li.querySelector(".hit-channels");
      for (const m of hit.match_sources) {
        channels.append(el("span", { class: "channel", title: `${m.source}: rank ${m.rank}, score ${m.score}` },
          m.source + " ", el("b", { text: "#" + m.rank }), " · " + fmt(m.score)));
      }
      const terms = li.querySelector(".hit-terms");
      for (const t of hit.matched_terms || []) terms.append(el("span", { class: "term", text: t }));
      results.append(li);
    });
  }

  // ---------- tool list ----------
  async function showTools() {
    const filter = el("input", { type: "search", placeholder: "Filter by name, tag, source or description", "aria-label": "Filter tools" });
    const count = el("span", { class: "muted" });
    const tbody = el("tbody");
    view.append(el("div", { class: "table-tools" }, filter, count),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Tool" }), el("th", { text: "Description" }),
        el("th", { text: "Tags" }), el("th", { text: "Source" }))), tbody));
    const result = await api("GET", "/v1/tools?view=full");
    if (result.status !== 200) { view.append(errorPanel(errorText(result))); return; }
    const tools = result.json.tools;
    const render = () => {
      const q = filter.value.trim().toLowerCase();
      clear(tbody);
      let shown = 0;
      for (const t of tools) {
        const haystack = [t.name, t.description, t.source, ...(t.tags || [])].join(" ").toLowerCase();
        if (q && !haystack.includes(q)) continue;
        shown++;
        tbody.append(el("tr", {},
          el("td", { class: "name" }, el("a", { href: "#/tool/" + encodeURIComponent(t.name), text: t.name })),
          el("td", { text: t.description }),
          el("td", {}, (t.tags || []).map((tag) => el("span", { class: "tag", text: tag }))),
          el("td", { class: "mono muted", text: t.source })));
      }
      count.textContent = `${shown} of ${tools.length}`;
    };
    filter.addEventListener("input", render);
    render();
    filter.focus();
  }

  // ---------- one tool ----------
  async function showTool(name, tab) {
    const result = await api("GET", "/v1/tools/" + encodeURIComponent(name));
    if (result.status !== 200) { view.append(errorPanel(errorText(result))); return; }
    const tool = result.json;
    const facts = el("div", { class: "facts" },
      el("span", { class: "chip", title: "Source" }, tool.source),
      el("span", { class: "chip", title: "Version" }, "v" + tool.version),
      el("span", { class: "chip", title: "Sandbox" }, "sandbox: " + tool.sandbox),
      el("span", { class: "chip mono", title: "Checksum" }, tool.checksum),
      (tool.tags || []).map((t) => el("span", { class: "tag", text: t })));
    view.append(el("div", { class: "tool-header" }, el("div", {},
      el("h1", { id: "tool-title", text: tool.name }),
      el("p", { class: "desc", text: tool.description || "(no description)" }), facts)));
    const tabs = [["try", "Try it"], ["schema", "Schema"], ["renderings", "Provider renderings"]];
    const bar = el("div", { class: "subtabs", role: "tablist" });
    const body = el("div", {});
    view.append(bar, body);
    const select = (id) => {
      bar.querySelectorAll("button").forEach((b) => b.classList.toggle("active", b.dataset.tab === id));
      history.replaceState(null, "", "#/tool/" + encodeURIComponent(name) + "?tab=" + id);
      clear(body);
      if (id === "schema") return schemaTab(body, tool);
      if (id === "renderings") return renderingsTab(body, tool);
      return tryTab(body, tool);
    };
    for (const [id, label] of tabs) {
      bar.append(el("button", { type: "button", role: "tab", "data-tab": id, id: "tab-" + id, onclick: () => select(id) }, label));
    }
    select(tabs.some(([id]) => id === tab) ? tab : "try");
  }

  function schemaTab(body, tool) {
    const blocks = [codeBlock("Parameters (JSON Schema)", pretty(tool.parameters))];
    if (tool.returns) blocks.push(codeBlock("Returns", pretty(tool.returns)));
    const impl = tool.http ? { http: tool.http } : tool.command ? { command: tool.command } : null;
    if (impl) blocks.push(codeBlock("Implementation", pretty(impl)));
    blocks.push(codeBlock("Full definition", pretty(tool)));
    body.append(el("div", { class: "panel" }, blocks));
  }

  async function renderingsTab(body, tool) {
    const result = await api("GET", "/v1/tools/" + encodeURIComponent(tool.name) + "/render");
    if (result.status !== 200) { body.append(errorPanel(errorText(result))); return; }
    const renderings = result.json.renderings;
    const labels = { openai: "OpenAI Chat Completions", openai_responses: "OpenAI Responses", anthropic: "Anthropic",
      gemini: "Gemini", mcp: "MCP", xml: "XML prompt" };
    const bar = el("div", { class: "subtabs" });
    const panel = el("div", { class: "panel", id: "rendering" });
    const show = (format) => {
      bar.querySelectorAll("button").forEach((b) => b.classList.toggle("active", b.dataset.format === format));
      const value = renderings[format];
      clear(panel).append(codeBlock(labels[format] || format, typeof value === "string" ? value : pretty(value)));
    };
    for (const format of Object.keys(renderings)) {
      bar.append(el("button", { type: "button", "data-format": format, onclick: () => show(format) }, labels[format] || format));
    }
    body.append(bar, panel);
    show(Object.keys(renderings)[0]);
  }

  // A form generated from the tool's JSON Schema: one input per top-level property.
  function tryTab(body, tool) {
    const schema = tool.parameters || {};
    const props = schema.properties || {};
    const required = new Set(schema.required || []);
    const fields = [];
    const grid = el("div", { class: "form-grid", id: "try-form" });
    for (const [key, prop] of Object.entries(props)) {
      const field = makeField(key, prop || {}, required.has(key));
      fields.push(field);
      grid.append(field.node);
    }
    if (!fields.length) grid.append(el("p", { class: "muted", text: "This tool takes no arguments." }));
    const raw = el("textarea", { id: "raw-args", "aria-label": "Arguments as JSON", hidden: true });
    const rawToggle = el("button", { type: "button", class: "secondary", id: "raw-toggle", text: "Edit as JSON" });
    const run = el("button", { type: "submit", id: "run-button", text: "Run" });
    const note = el("span", { class: "muted" });
    const form = el("form", { novalidate: true }, grid, raw, el("div", { class: "form-actions" }, run, rawToggle, note));
    const output = el("div", { id: "result" }, el("p", { class: "muted", text: "The ToolResult appears here." }));
    body.append(el("div", { class: "two-col" },
      el("div", { class: "panel" }, el("h2", { text: "Arguments" }), form),
      el("div", { class: "panel" }, el("h2", { text: "Result" }), output)));

    const collect = () => {
      if (!raw.hidden) return JSON.parse(raw.value || "{}");
      const args = {};
      for (const f of fields) {
        const v = f.read();
        if (v !== undefined) args[f.key] = v;
      }
      return args;
    };
    rawToggle.addEventListener("click", () => {
      note.textContent = "";
      if (raw.hidden) {
        try { raw.value = pretty(collect()); } catch (e) { raw.value = "{}"; }
        raw.hidden = false; grid.hidden = true; rawToggle.textContent = "Edit as form";
      } else {
        raw.hidden = true; grid.hidden = false; rawToggle.textContent = "Edit as JSON";
      }
    });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      let args;
      try { args = collect(); } catch (err) { note.textContent = "Not valid JSON: " + err.message; return; }
      note.textContent = "";
      run.disabled = true;
      run.textContent = "Running…";
      const result = await api("POST", "/v1/tools/" + encodeURIComponent(tool.name) + ":invoke",
        { schema_version: tool.schema_version || "0.1.0", args });
      run.disabled = false;
      run.textContent = "Run";
      showResult(output, result);
    });
  }

  function makeField(key, prop, isRequired) {
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== "null") : prop.type;
    const id = "arg-" + key;
    const label = el("label", { for: id }, key, isRequired ? el("span", { class: "req", text: "*" }) : null,
      el("span", { class: "type", text: prop.enum ? "enum" : (type || "json") }));
    let input;
    let read;
    if (prop.enum) {
      input = el("select", { id, name: key }, isRequired ? null : el("option", { value: "", text: "—" }),
        prop.enum.map((v) => el("option", { value: JSON.stringify(v), text: String(v) })));
      if (prop.default !== undefined) input.value = JSON.stringify(prop.default);
      read = () => (input.value === "" ? undefined : JSON.parse(input.value));
    } else if (type === "boolean") {
      input = el("select", { id, name: key }, el("option", { value: "", text: "—" }),
        el("option", { value: "true", text: "true" }), el("option", { value: "false", text: "false" }));
      if (prop.default !== undefined) input.value = String(prop.default);
      read = () => (input.value === "" ? undefined : input.value === "true");
    } else if (type === "integer" || type === "number") {
      input = el("input", { id, name: key, type: "number", step: type === "integer" ? "1" : "any",
        min: prop.minimum, max: prop.maximum, placeholder: prop.default !== undefined ? String(prop.default) : "" });
      read = () => (input.value === "" ? undefined : Number(input.value));
    } else if (type === "string") {
      input = el("input", { id, name: key, type: "text", autocomplete: "off",
        placeholder: prop.default !== undefined ? String(prop.default) : (prop.format || "") });
      read = () => (input.value === "" ? undefined : input.value);
    } else {
      input = el("textarea", { id, name: key, placeholder: type === "array" ? "[ … ]" : "{ … }" });
      read = () => (input.value.trim() === "" ? undefined : JSON.parse(input.value));
    }
    const help = prop.description ? el("div", { class: "help", text: prop.description }) : null;
    return { key, read, node: el("div", { class: "field" }, label, input, help) };
  }

  function showResult(output, result) {
    clear(output);
    const r = result.json;
    if (result.status !== 200 || !r || typeof r.ok !== "boolean") {
      output.append(errorPanel(errorText(result)));
      return;
    }
    const badge = r.ok
      ? el("span", { class: "result-badge result-ok", id: "result-status", text: "ok" })
      : el("span", { class: "result-badge result-error", id: "result-status", text: r.error.code });
    output.append(el("div", {}, badge,
      el("span", { class: "result-meta", text: `${r.tool_id} · ${fmt(r.metrics.latency_ms, 2)} ms` })));
    if (!r.ok) output.append(el("p", { class: "hit-desc", text: r.error.message }));
    output.append(codeBlock("ToolResult", pretty(r)));
  }

  // ---------- sources ----------
  async function showSources() {
    const result = await api("GET", "/v1/sources");
    if (result.status !== 200) { view.append(errorPanel(errorText(result))); return; }
    const tbody = el("tbody");
    for (const s of result.json.sources) {
      const state = s.state || "loaded";
      const cls = state === "loaded" || state === "connected" ? "ok" : state === "connecting" ? "warn" : "bad";
      tbody.append(el("tr", {},
        el("td", { class: "name" }, el("a", { href: "#/tools", text: s.source })),
        el("td", { text: String(s.tools) }),
        el("td", {}, el("span", { class: "chip " + cls }, el("span", { class: "dot" }), state)),
        el("td", { class: "muted", text: s.last_error || "" })));
    }
    view.append(el("h1", { text: "Sources" }), el("p", { class: "muted",
      text: "Where the catalog's tools come from: built-in domains, catalog files, MCP servers, and tools registered through the API." }),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Source" }), el("th", { text: "Tools" }),
        el("th", { text: "State" }), el("th", { text: "Last error" }))), tbody));
  }

  // ---------- sandboxes ----------
  async function showSandboxes() {
    const result = await api("GET", "/v1/sandboxes");
    if (result.status !== 200) { view.append(errorPanel(errorText(result))); return; }
    const cards = el("div", { class: "cards" });
    for (const s of result.json.sandboxes) {
      const health = s.up_to_date === undefined ? null
        : el("span", { class: "chip " + (s.up_to_date ? "ok" : "warn") }, el("span", { class: "dot" }),
          s.up_to_date ? "up to date" : "needs rebuild");
      const list = (values) => (values && values.length ? values.join(", ") : "—");
      cards.append(el("div", { class: "panel card" },
        el("h2", {}, s.name, health),
        el("dl", { class: "kv" },
          s.runtime ? [el("dt", { text: "runtime" }), el("dd", { text: s.runtime })] : null,
          el("dt", { text: "tools" }), el("dd", {}, (s.tools || []).map((t) =>
            el("a", { class: "tag", href: "#/tool/" + encodeURIComponent(t), text: t }))),
          el("dt", { text: "dependencies" }), el("dd", { class: "mono", text: list(s.dependencies) }),
          el("dt", { text: "secrets" }), el("dd", { class: "mono", text: list(s.secrets) }),
          s.checksum ? [el("dt", { text: "checksum" }), el("dd", { class: "mono", text: s.checksum })] : null,
          s.reasons && s.reasons.length ? [el("dt", { text: "why" }), el("dd", { text: s.reasons.join("; ") })] : null)));
    }
    view.append(el("h1", { text: "Sandboxes" }), el("p", { class: "muted",
      text: "Execution profiles with their aggregated dependencies and secrets, and whether their build is current." }), cards);
  }

  window.addEventListener("hashchange", route);
  refreshKeyButton();
  loadStatus();
  route();
})();
