/* The playground: the reference engine (reference_impl) answering a hand or a knock in the page.
 *
 * Nothing of the rules is here. The page loads the WebAssembly Python (Pyodide, copied into the
 * site from the pinned npm package) and the package's own source, zipped when the site is built
 * (assets/playground/ginspec-playground.zip), only when the reader first asks; every answer is
 * Python's (ginspec.play.playground.ask_json). This script draws the form, the cards and the
 * answer, keeps the question in the address (#hand=...&variant=...&set=key=value), and opens
 * every example's "try it" in the panel of its page or in the playground's page.
 */
(function () {
  "use strict";
  const SITE = new URL("..", document.currentScript.src).href;
  const RUNTIME = SITE + "assets/pyodide/";
  const DATA = SITE + "assets/playground/";
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  const RANKS = "A23456789TJQK";
  let engine = null;

  function webAssembly() {
    return typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function";
  }

  function loadScript(src) {
    return new Promise((done, failed) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = done;
      tag.onerror = () => failed(new Error("could not load " + src));
      document.head.appendChild(tag);
    });
  }

  async function start() {
    if (!webAssembly()) throw new Error("this browser runs no WebAssembly, which the playground's Python needs");
    const [, variants, bundle] = await Promise.all([
      loadScript(RUNTIME + "pyodide.js"),
      fetch(DATA + "variants.json").then((answer) => answer.json()),
      fetch(DATA + "ginspec-playground.zip").then((answer) => answer.arrayBuffer()),
    ]);
    const python = await globalThis.loadPyodide({ indexURL: RUNTIME, fullStdLib: false });
    python.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide/ginspec" });
    python.runPython("import sys; sys.path.insert(0, '/home/pyodide/ginspec')");
    const playground = python.pyimport("ginspec.play.playground");
    const table = {};
    for (const variant of variants.variants) table[variant.name] = variant.parameters;
    playground.configure(python.toPy(table));
    const askJson = playground.ask_json;
    return {
      python,
      variants,
      ask: (question) => JSON.parse(askJson(JSON.stringify(question))),
      /* the reference engine's adapter, as `ginspec check` asks it: [kind, input, parameters] each */
      askCases: (cases) => {
        python.globals.set("cases_json", JSON.stringify(cases));
        return JSON.parse(python.runPython(`
import json
from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
_adapter = ReferenceAdapter()
json.dumps([_adapter.ask(Question(kind, data, parameters)) for kind, data, parameters in json.loads(cases_json)])
`));
      },
    };
  }

  function theEngine() {
    if (engine === null) engine = start();
    return engine;
  }

  /* -- the question in the address ------------------------------------------------------------ */

  function readValue(text) {
    if (text === "true") return true;
    if (text === "false") return false;
    return /^-?\d+$/.test(text) ? Number(text) : text;
  }

  function readQuestion(fragment) {
    const fields = new URLSearchParams(fragment.replace(/^#/, ""));
    const question = { hand: fields.get("hand") || "", defender: fields.get("defender") || "", melds: fields.get("melds") || "", variant: fields.get("variant") || "standard", upcard: fields.get("upcard") || "", set: {} };
    for (const pair of fields.getAll("set")) {
      const at = pair.indexOf("=");
      if (at > 0) question.set[pair.slice(0, at)] = readValue(pair.slice(at + 1));
    }
    return question;
  }

  function writeQuestion(question) {
    const fields = new URLSearchParams();
    fields.append("hand", question.hand);
    if (question.defender) fields.append("defender", question.defender);
    if (question.melds) fields.append("melds", question.melds);
    if (question.variant !== "standard") fields.append("variant", question.variant);
    if (question.upcard) fields.append("upcard", question.upcard);
    for (const [key, value] of Object.entries(question.set)) fields.append("set", key + "=" + value);
    return fields.toString().replace(/%20/g, "+");
  }

  /* -- cards drawn as on the rest of the site ------------------------------------------------- */

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function card(name, mark) {
    const rank = name[0] === "T" ? "10" : name[0];
    const drawn = element("span", "gs-card " + ("dh".includes(name[1]) ? "gs-red" : "gs-black") + (mark ? " gs-" + mark : ""));
    drawn.title = rank + " of " + NAMES[name[1]];
    drawn.append(element("b", "", rank), SUITS[name[1]]);
    return drawn;
  }

  function cards(text, mark, className) {
    const group = element("span", className || "gs-hand");
    const names = (text || "").split(/\s+/).filter(Boolean);
    for (const name of names) group.append(card(name, mark));
    if (!names.length) group.append(element("span", "gs-note", "none"));
    return group;
  }

  function arrangement(melds, deadwood, count) {
    const drawn = element("span", "gs-arrangement");
    for (const meld of melds) drawn.append(cards(meld, null, "gs-meld"));
    if (deadwood) {
      const dead = cards(deadwood, "deadwood", "gs-deadgroup");
      dead.append(element("span", "gs-count-label", "deadwood " + count));
      drawn.append(dead);
    } else if (!melds.length) {
      drawn.append(element("span", "gs-note", "no cards"));
    }
    return drawn;
  }

  function row(label, ...content) {
    const drawn = element("div", "gs-row");
    drawn.append(element("span", "gs-label", label), ...content);
    return drawn;
  }

  function yesNo(flag) {
    return flag ? "yes" : "no";
  }

  const OUTCOMES = { knock: "knock", undercut: "undercut", gin: "gin", big_gin: "big gin", draw: "tie, no score" };

  function drawAnswer(reply) {
    const answer = reply.answer;
    const drawn = element("div", "gs-example gs-pg-answer");
    if (reply.kind === "hand" && answer.discards === undefined) {
      drawn.append(row("melds", arrangement(answer.melds, answer.deadwood_cards, answer.deadwood)));
      drawn.append(row("deadwood", element("strong", "gs-pg-deadwood", String(answer.deadwood))));
      if (answer.arrangements.length > 1) {
        drawn.append(row("or", ...answer.arrangements.slice(1, 3).map((melds) => arrangement(melds, "", 0))));
      }
    } else if (reply.kind === "hand") {
      drawn.append(row("discard", cards(answer.discards, "discard"), element("span", "gs-note", "leaves the least deadwood, " + answer.deadwood)));
      drawn.append(row("kept", arrangement(answer.melds, answer.deadwood_cards, answer.deadwood)));
      drawn.append(row("deadwood", element("strong", "gs-pg-deadwood", String(answer.deadwood))));
      drawn.append(row("knock", element("span", "gs-verdict", yesNo(answer.can_knock) + " (limit " + answer.knock_limit + ")"), element("span", "gs-note", "gin: " + yesNo(answer.can_gin) + ", big gin: " + yesNo(answer.can_big_gin))));
    } else {
      drawn.append(row("outcome", element("span", "gs-verdict gs-pg-outcome", OUTCOMES[answer.outcome] || answer.outcome)));
      if (answer.winner !== "none") drawn.append(row("winner", element("span", "gs-pg-winner", answer.winner + ", " + answer.points + " points")));
      drawn.append(row("knocker", arrangement(answer.knocker_melds, answer.knocker_deadwood_cards, answer.knocker_deadwood)));
      drawn.append(row("defender", arrangement(answer.defender_melds, answer.defender_deadwood_cards, answer.defender_deadwood)));
      const laid = element("span", "gs-arrangement gs-pg-layoffs");
      for (const layoff of answer.layoffs) laid.append(cards(layoff.card, "layoff"), element("span", "gs-note", "onto"), cards(layoff.onto, null, "gs-meld"));
      if (!answer.layoffs.length) laid.append(element("span", "gs-note", "none"));
      drawn.append(row("lay-offs", laid));
    }
    return drawn;
  }

  /* -- one playground: a form, a pack to pick from, the answer -------------------------------- */

  let counter = 0;

  function field(form, name, label, hint) {
    const id = "gs-pg-" + ++counter + "-" + name;
    const box = element("div", "gs-pg-field gs-pg-" + name);
    const title = element("label", "", label);
    title.htmlFor = id;
    const input = element("input");
    Object.assign(input, { id, name, type: "text", autocomplete: "off", spellcheck: false, placeholder: hint });
    input.setAttribute("autocapitalize", "off");
    const error = element("span", "gs-pg-error");
    error.setAttribute("role", "alert");
    box.append(title, input, error);
    form.append(box);
    return { input, error };
  }

  function pack(onPick) {
    const drawn = element("div", "gs-pg-pack");
    drawn.setAttribute("role", "group");
    drawn.setAttribute("aria-label", "the pack: a card picked goes to the hand chosen");
    for (const suit of "cdhs") {
      const line = element("div", "gs-pg-suit");
      for (const rank of RANKS) {
        const button = element("button", "gs-pg-pick");
        button.type = "button";
        button.dataset.card = rank + suit;
        button.append(card(rank + suit));
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", () => onPick(rank + suit));
        line.append(button);
      }
      drawn.append(line);
    }
    return drawn;
  }

  function mount(root) {
    const full = root.dataset.full !== undefined;
    const form = element("form", "gs-pg-form");
    form.addEventListener("submit", (event) => event.preventDefault());
    const hand = field(form, "hand", "Hand (the knocker's, to score a knock)", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd");
    const defender = field(form, "defender", "Defender's hand (optional: scores the knock)", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js");
    const melds = field(form, "melds", "Knocker's melds (optional, as --knocker-melds)", "7c 7d 7s | 9c 9d 9s | Ah 2h 3h");
    const variantBox = element("div", "gs-pg-field gs-pg-variant");
    const variantLabel = element("label", "", "Variant");
    const variant = element("select");
    variant.id = "gs-pg-" + ++counter + "-variant";
    variantLabel.htmlFor = variant.id;
    const variantError = element("span", "gs-pg-error");
    variantBox.append(variantLabel, variant, variantError);
    form.append(variantBox);
    const upcard = field(form, "upcard", "First upcard (Oklahoma)", "5s");
    const parameters = element("details", "gs-pg-parameters");
    parameters.append(element("summary", "", "Parameters (as --set)"));
    const parameterError = element("span", "gs-pg-error");
    const controls = element("div", "gs-pg-controls");
    parameters.append(controls, parameterError);
    form.append(parameters);
    let target = hand.input;
    hand.input.addEventListener("focus", () => (target = hand.input));
    defender.input.addEventListener("focus", () => (target = defender.input));
    const picker = element("details", "gs-pg-picker");
    picker.append(element("summary", "", "Pick cards from the pack"));
    picker.addEventListener("toggle", () => {
      if (!picker.open || picker.querySelector(".gs-pg-pack")) return;
      picker.append(pack((name) => {
        const names = target.value.split(/\s+/).filter(Boolean);
        const at = names.indexOf(name);
        if (at >= 0) names.splice(at, 1);
        else names.push(name);
        target.value = names.join(" ");
        changed();
      }));
      markPicked();
    });  // the pack drawn when first opened: a page with a closed panel draws no card of its own
    const status = element("p", "gs-pg-status", "The reference engine answers here once you ask: type a hand, or pick cards.");
    status.setAttribute("aria-live", "polite");
    const output = element("div", "gs-pg-output");
    const link = element("a", "gs-pg-link", "Link to this question");
    link.hidden = true;
    root.replaceChildren(form, picker, status, output, link);
    let variants = null;
    let overrides = {};

    function question() {
      return { hand: hand.input.value.trim(), defender: defender.input.value.trim(), melds: melds.input.value.trim(), variant: variant.value || root.dataset.variant || "standard", upcard: upcard.input.value.trim(), set: { ...overrides } };
    }

    function showVariants(data) {
      variants = data;
      const wanted = variant.value || root.dataset.variant || "standard";
      variant.replaceChildren(...data.variants.map((entry) => {
        const option = element("option", "", entry.name + (entry.house ? " (house)" : "") + ": " + entry.title);
        option.value = entry.name;
        return option;
      }));
      variant.value = wanted;
      drawControls();
    }

    function drawControls() {
      if (!variants) return;
      const own = (variants.variants.find((entry) => entry.name === variant.value) || { parameters: {} }).parameters;
      controls.replaceChildren();
      for (const name of variants.shown) {
        const schema = variants.schemas[name];
        const box = element("label", "gs-pg-control");
        box.title = schema.description || "";
        let input;
        const values = schema.enum || (schema.type === "boolean" ? [true, false] : null);
        if (values) {
          input = element("select");
          for (const value of values) {
            const option = element("option", "", String(value));
            option.value = String(value);
            input.append(option);
          }
        } else {
          input = element("input");
          Object.assign(input, { type: "number", step: 1 });
          if (schema.minimum !== undefined) input.min = schema.minimum;
          if (schema.maximum !== undefined) input.max = schema.maximum;
        }
        input.name = name;
        input.value = String(name in overrides ? overrides[name] : own[name]);
        const mark = () => box.classList.toggle("gs-pg-changed", name in overrides);
        input.addEventListener("change", () => {
          const value = readValue(input.value);
          if (String(value) === String(own[name])) delete overrides[name];
          else overrides[name] = value;
          mark();
          changed();
        });
        mark();
        box.append(element("span", "", name), input);
        controls.append(box);
      }
    }

    function showError(reply) {
      const places = { hand: hand.error, defender: defender.error, melds: melds.error, upcard: upcard.error, variant: variantError, set: parameterError };
      for (const place of Object.values(places)) place.textContent = "";
      if (reply.error) (places[reply.field] || hand.error).textContent = reply.error;
      for (const [name, input] of [["hand", hand.input], ["defender", defender.input], ["melds", melds.input], ["upcard", upcard.input]]) {
        input.setAttribute("aria-invalid", reply.error && reply.field === name ? "true" : "false");
      }
    }

    function markPicked() {
      const held = new Set(target.value.split(/\s+/));
      for (const button of picker.querySelectorAll(".gs-pg-pick")) button.setAttribute("aria-pressed", String(held.has(button.dataset.card)));
    }

    async function changed() {
      markPicked();
      const asked = question();
      const fragment = writeQuestion(asked);
      link.href = SITE + "playground/#" + fragment;
      link.hidden = false;
      if (full) history.replaceState(null, "", "#" + fragment);
      let running;
      try {
        if (!variants) status.textContent = "Loading the reference engine (Python in WebAssembly)…";
        running = await theEngine();
      } catch (error) {
        status.textContent = "The playground cannot run here: " + error.message + ". The examples on every page still show.";
        root.classList.add("gs-pg-unavailable");
        return;
      }
      if (!variants) showVariants(running.variants);
      const started = performance.now();
      const reply = running.ask(question());
      root.dataset.ms = String(performance.now() - started);
      showError(reply);
      if (reply.error) {
        output.replaceChildren();
        status.textContent = "No answer: " + reply.error;
      } else {
        status.textContent = reply.kind === "hand" ? "What ginspec hand answers:" : "What ginspec score answers:";
        output.replaceChildren(drawAnswer(reply));
      }
      root.dataset.answered = String(Number(root.dataset.answered || 0) + 1);
    }

    for (const input of [hand.input, defender.input, melds.input, upcard.input]) input.addEventListener("input", changed);
    variant.addEventListener("change", () => {
      overrides = {};
      drawControls();
      changed();
    });

    root.ask = (asked) => {
      hand.input.value = asked.hand;
      defender.input.value = asked.defender;
      melds.input.value = asked.melds;
      upcard.input.value = asked.upcard;
      overrides = { ...asked.set };
      if (variants) {
        variant.value = asked.variant;
        drawControls();
      } else {
        root.dataset.variant = asked.variant;
        const option = element("option", "", asked.variant);
        option.value = asked.variant;
        variant.replaceChildren(option);
      }
      return changed();
    };
    const initial = root.dataset.variant || "standard";
    const option = element("option", "", initial);
    option.value = initial;
    variant.append(option);
    variant.addEventListener("focus", () => theEngine().then((running) => variants || showVariants(running.variants)).catch(() => {}), { once: true });
    if (full && location.hash.length > 1) root.ask(readQuestion(location.hash));
  }

  function tryIt(button) {
    const asked = readQuestion(button.dataset.question);
    const panel = document.querySelector("details.gs-pg-panel");
    const here = panel && panel.querySelector(".gs-playground");
    if (!here) {
      location.href = SITE + "playground/#" + button.dataset.question;
      return;
    }
    panel.open = true;
    here.ask(asked);
    panel.scrollIntoView({ block: "start" });
  }

  function ready() {
    document.querySelectorAll(".gs-playground").forEach(mount);
    document.querySelectorAll("button.gs-try").forEach((button) => button.addEventListener("click", () => tryIt(button)));
    document.querySelectorAll("details.gs-pg-panel").forEach((panel) => panel.addEventListener("toggle", () => {
      if (panel.open) theEngine().catch(() => {});
    }));
  }

  globalThis.ginspecPlayground = { engine: theEngine, readQuestion, writeQuestion };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
