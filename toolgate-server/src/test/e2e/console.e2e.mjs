// End-to-end test of the Toolgate web console in headless Chromium, driven by playwright-core.
//
//   TOOLGATE_URL=http://127.0.0.1:8080 SCREENSHOT_DIR=/tmp/shots node console.e2e.mjs
//
// Run by ConsoleE2eTest (JUnit), which starts a server on a free port with a small catalog.
// Each step prints one line; any failure, page error or CSP violation exits non-zero.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = process.env.TOOLGATE_URL;
const shots = process.env.SCREENSHOT_DIR || "screenshots";
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!base) {
  console.error("set TOOLGATE_URL to the server's base URL");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), "toolgate-e2e-"));

const problems = [];
let step = 0;
async function check(name, fn) {
  step++;
  const started = Date.now();
  try {
    await fn();
    console.log(`ok ${step} - ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    console.log(`not ok ${step} - ${name}: ${e.message.split("\n")[0]}`);
    problems.push(name);
    throw e;
  }
}
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
  viewport: { width: 1280, height: 860 },
});
const page = context.pages()[0] || (await context.newPage());
page.setDefaultTimeout(20_000);
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push("page error: " + e.message));
page.on("console", (m) => {
  if (m.type() === "error") pageErrors.push("console error: " + m.text());
});
const shot = (name) => page.screenshot({ path: join(shots, name), fullPage: true });

let exitCode = 0;
try {
  await check("the console loads with its search box", async () => {
    await page.goto(base + "/");
    await page.waitForSelector("#search-input");
    await page.waitForSelector("#status .chip");
    expect((await page.title()).includes("Toolgate"), "title should name Toolgate");
    await shot("01-console.png");
  });

  await check("typing a need shows live results with per-channel ranks", async () => {
    await page.fill("#search-input", "weather in a city");
    await page.waitForSelector(".hit .hit-name");
    const first = await page.textContent(".hit .hit-name");
    expect(first === "weather_current", `first hit should be weather_current, got ${first}`);
    const channels = await page.locator(".hit").first().locator(".channel").count();
    expect(channels >= 1, "the first hit should show at least one channel");
    const channelText = await page.locator(".hit").first().locator(".channel").first().textContent();
    expect(/#\d+/.test(channelText), `a channel should show its rank, got "${channelText}"`);
    const score = await page.locator(".hit").first().locator(".hit-score .value").textContent();
    expect(Number(score) > 0 && Number(score) <= 1, `score should be in (0, 1], got ${score}`);
    expect(page.url().includes("q=weather"), "the query should be kept in the URL");
    await shot("02-search-results.png");
  });

  await check("opening a hit shows the tool page with a form from its schema", async () => {
    await page.click(".hit .hit-name");
    await page.waitForSelector("#tool-title");
    expect((await page.textContent("#tool-title")) === "weather_current", "tool title");
    await page.waitForSelector("#arg-city");
    const label = await page.textContent("label[for=arg-city]");
    expect(label.includes("*"), "city is required and should be marked");
    await shot("03-tool-page.png");
  });

  await check("calling the tool shows an ok ToolResult", async () => {
    await page.fill("#arg-city", "Lisbon");
    await page.click("#run-button");
    await page.waitForSelector("#result-status");
    const status = await page.textContent("#result-status");
    expect(status === "ok", `result should be ok, got ${status}`);
    const body = await page.textContent("#result pre");
    expect(body.includes('"city": "Lisbon"'), "the result should echo the city");
    expect(body.includes('"latency_ms"'), "the result should carry metrics.latency_ms");
    await shot("04-call-result.png");
  });

  await check("a call with a missing required argument shows invalid_arguments", async () => {
    await page.fill("#arg-city", "");
    await page.click("#run-button");
    await page.waitForFunction(() => document.querySelector("#result-status")?.textContent === "invalid_arguments");
    await shot("05-call-invalid.png");
  });

  await check("the schema tab shows the parameters", async () => {
    await page.click("#tab-schema");
    await page.waitForSelector("pre.code");
    expect((await page.textContent("pre.code")).includes('"city"'), "schema should list city");
    await shot("06-schema.png");
  });

  await check("the renderings tab shows each provider's shape", async () => {
    await page.click("#tab-renderings");
    await page.waitForSelector("#rendering pre");
    expect((await page.textContent("#rendering pre")).includes('"function"'), "OpenAI shape first");
    await page.click("button[data-format=anthropic]");
    await page.waitForFunction(() => document.querySelector("#rendering pre")?.textContent.includes("input_schema"));
    await page.click("button[data-format=xml]");
    await page.waitForFunction(() => document.querySelector("#rendering pre")?.textContent.includes("<tool"));
    await shot("07-renderings.png");
  });

  await check("the tools page lists the catalog and filters it", async () => {
    await page.click("a[data-nav=tools]");
    await page.waitForSelector("tbody tr");
    const all = await page.locator("tbody tr").count();
    await page.fill(".table-tools input", "email");
    const filtered = await page.locator("tbody tr").count();
    expect(all >= 5 && filtered === 1, `expected all >= 5 and one email tool, got ${all} / ${filtered}`);
    await shot("08-tools.png");
  });

  await check("sources and sandboxes show their state", async () => {
    await page.click("a[data-nav=sources]");
    await page.waitForSelector("tbody tr .chip");
    await shot("09-sources.png");
    await page.click("a[data-nav=sandboxes]");
    await page.waitForSelector(".card h2");
    expect((await page.textContent(".card h2")).includes("default"), "the default sandbox is listed");
    await shot("10-sandboxes.png");
  });

  await check("no page errors and no CSP violations", async () => {
    expect(pageErrors.length === 0, pageErrors.join("; "));
  });
} catch (e) {
  exitCode = 1;
  try { await shot("failure.png"); } catch (ignored) { /* the page may be gone */ }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(exitCode === 0 ? `# all ${step} steps passed` : `# failed: ${problems.join(", ")}`);
process.exit(exitCode);
