// Benchmark-owned: drives the agent's production build in a DOM (jsdom) against the real
// API, as a volunteer would in a browser. Runs as the runner (the built app is the agent's
// code), read from standard input, since the runner cannot read the tests:
//   node --input-type=module - ORIGIN USERNAME PASSWORD EXISTING_TITLE NEW_TITLE
// Steps: the app asks to sign in; Username, Password, "Sign in"; the list shows
// EXISTING_TITLE (made through the API); Title, "Add" creates NEW_TITLE, which the list
// then shows. Prints one JSON line ({"ok": true, "steps": [...]} or the failed step) and
// exits 0 only when every step held; the test then checks the API for NEW_TITLE itself.
import { createRequire } from "node:module";

const RUNNER = process.env.STAMINA_WEB_RUNNER || "/opt/stamina-web-runner/node_modules";
const { JSDOM, VirtualConsole } = createRequire(`${RUNNER}/`)("jsdom");
const [origin, username, password, existingTitle, newTitle] = process.argv.slice(2);
const steps = [];
const pageErrors = [];

function finish(ok, extra = {}) {
  process.stdout.write(`${JSON.stringify({ ok, steps, pageErrors: pageErrors.slice(0, 5), ...extra })}\n`);
  process.exit(ok ? 0 : 1);
}

// the built index.html with its scripts as classic ones at the end of the body: the build
// is one IIFE bundle (jsdom runs no module scripts), run once the root element exists
async function page() {
  const html = await (await fetch(new URL("/", origin))).text();
  const scripts = [];
  const rest = html.replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_, src) => {
    scripts.push(`<script src="${src}"></script>`);
    return "";
  });
  if (!scripts.length) finish(false, { step: "load", error: "the built index.html loads no script" });
  return rest.replace("</body>", `${scripts.join("")}</body>`);
}

const virtualConsole = new VirtualConsole();
virtualConsole.on("jsdomError", (error) => pageErrors.push(String(error.message || error)));
const dom = new JSDOM(await page(), {
  url: new URL("/", origin).href,
  runScripts: "dangerously",
  resources: "usable",
  pretendToBeVisual: true,
  virtualConsole,
  beforeParse(window) {
    // jsdom has no fetch: the page's requests go to the origin through Node's
    const absolute = (input) => new URL(typeof input === "string" ? input : input.url, origin);
    window.fetch = (input, init) => fetch(absolute(input), init);
    Object.assign(window, { Headers, Request, Response });
    window.confirm = () => true;
  },
});
const { window } = dom;
const document = window.document;
const text = () => document.body.textContent.replace(/\s+/g, " ");

async function waitFor(what, found, seconds = 20) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = found();
    if (value) {
      steps.push(what);
      return value;
    }
    if (Date.now() > deadline) {
      finish(false, { step: what, error: `not seen in ${seconds} s`, page: text().slice(0, 600) });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// names as the prompts give them, in any case, with or without a trailing colon or star
const plain = (value) => (value || "").trim().replace(/\s*[:*]$/, "").toLowerCase();

function field(name) {
  for (const label of document.querySelectorAll("label")) {
    if (plain(label.textContent) === plain(name)) {
      const control = label.control || label.querySelector("input, textarea, select");
      if (control) return control;
    }
  }
  return [...document.querySelectorAll("input, textarea")].find((control) =>
    [control.getAttribute("aria-label"), control.placeholder, control.name].some((v) => plain(v) === plain(name)),
  );
}

function button(name) {
  return [...document.querySelectorAll("button, input[type=submit]")].find(
    (b) => plain(b.textContent || b.value) === plain(name),
  );
}

function type(control, value) {
  // React tracks the value it last set: set it through the element's own setter, then
  // announce the input, as typing does
  const prototype = Object.getPrototypeOf(control);
  Object.getOwnPropertyDescriptor(prototype, "value").set.call(control, value);
  control.dispatchEvent(new window.Event("input", { bubbles: true }));
  control.dispatchEvent(new window.Event("change", { bubbles: true }));
}

try {
  const signIn = await waitFor('the app asks to sign in ("Sign in")', () => button("Sign in"));
  type(await waitFor("a Username field", () => field("Username")), username);
  type(await waitFor("a Password field", () => field("Password")), password);
  signIn.click();
  await waitFor(`after signing in, the list shows "${existingTitle}"`, () => text().includes(existingTitle));
  type(await waitFor("a Title field", () => field("Title")), newTitle);
  (await waitFor('an "Add" button', () => button("Add"))).click();
  await waitFor(`after Add, the list shows "${newTitle}"`, () => text().includes(newTitle));
  finish(true);
} catch (error) {
  finish(false, { step: "script", error: String(error && error.stack ? error.stack : error) });
}
