"use strict";
// One seat's page. The server sends this seat's updates only: its board (each card with its
// spoken label and, when a move starts there, its pick), its moves (each with the picks that
// choose it, or none for a button) and the narration. The page draws them, lets the person
// click the cards of a move, and sends back that move. No rule of any game is written here.
const $ = (id) => document.getElementById(id);
const token = location.pathname.split("/").pop();
let cursor = 0;
let faces = {};
let socket = null;
let retry = 500;
let current = null; // the last update and page drawn
let selection = []; // the picks clicked so far for a move of several cards
let busy = false; // a move was sent: nothing more until the next update
let seenKeys = new Set();
let byKeyboard = false; // the last card was chosen with the keyboard: keep the focus on cards

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function picture(icon) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "pic");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", "0 0 100 100");
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", `#${icon}`);
  svg.append(use);
  return svg;
}

function cardFace(node, code) {
  const face = faces[code] || { label: code, mark: code, ink: "#1c2833", icon: "", word: "" };
  node.style.setProperty("--ink", face.ink);
  node.style.setProperty("--paint", face.paint || face.ink);
  node.dataset.code = code;
  if (face.mark) node.append(element("span", { class: "corner", "aria-hidden": "true" }, face.mark));
  if (face.icon) node.append(picture(face.icon));
  else node.append(element("span", { class: "mark", "aria-hidden": "true" }, face.mark || face.label));
  if (face.word) node.append(element("span", { class: "word", "aria-hidden": "true" }, face.word));
}

function nextPicks() {
  // The picks that can come next, given the picks already clicked.
  const next = new Set();
  if (!current || busy || !current.page.yourTurn) return next;
  for (const move of current.page.moves) {
    for (const path of move.paths) {
      if (path.length > selection.length && selection.every((pick, i) => path[i] === pick)) {
        next.add(path[selection.length]);
      }
    }
  }
  return next;
}

function choose(pick) {
  selection.push(pick);
  const done = current.page.moves.find((move) => move.paths.some(
    (path) => path.length === selection.length && path.every((p, i) => p === selection[i])));
  if (done) {
    send(done.act);
    return;
  }
  render();
  const first = document.querySelector("button.card.playable, button.player-pick");
  if (first) first.focus();
}

function cardNode(card, zone, next, index = 0) {
  // A card of the board: face up (its code), face down, turned by the glimpse, clickable.
  let code = card.code;
  let label = card.label;
  const glimpsed = zone === "mine" && glimpseOf(card.slot);
  if (glimpsed) {
    code = glimpsed;
    label = `${card.label.split(",")[0]}: ${(faces[code] || { label: code }).label}`;
  }
  const pickable = card.pick && next.has(card.pick);
  const node = pickable
    ? element("button", { type: "button", class: "card playable", "data-pick": card.pick })
    : element("span", { class: "card", role: "img" });
  node.setAttribute("aria-label", label);
  node.title = label;
  if (code === null) node.classList.add("back");
  else cardFace(node, code);
  if (glimpsed) node.classList.add("glimpsed");
  if (card.pick && selection.includes(card.pick)) {
    node.classList.add("selected");
    node.setAttribute("aria-pressed", "true");
  }
  if (card.by) node.append(element("span", { class: "by", "aria-hidden": "true" }, card.by));
  if (card.slot !== undefined) node.append(element("span", { class: "slot-no", "aria-hidden": "true" }, String(card.slot + 1)));
  // A card slides in when it is new where it lies: a face-up card by its code, a face-down
  // one by its place (a fan that grows gains one card; it does not deal itself again).
  const key = `${zone}|${card.code}|${card.code === null ? index : ""}`;
  if (!seenKeys.has(key)) node.classList.add("arrive");
  node.dataset.key = key;
  if (pickable) {
    node.addEventListener("click", (event) => {
      if (secondClick(event)) return;
      byKeyboard = event.detail === 0; // Enter or Space, not a pointer
      choose(card.pick);
    });
  }
  return node;
}

function glimpseOf(slot) {
  const glimpse = current.update.glimpse;
  if (!glimpse || slot === undefined || glimpse.owner !== current.page.seat) return null;
  const seen = glimpse.seen.find(([where]) => where === slot);
  return seen ? seen[1] : null;
}

function drawPlayers(page, next) {
  const box = $("players");
  box.replaceChildren();
  for (const row of page.board.players) {
    if (row.me && row.slots) continue; // one's own slots are drawn as the hand
    const classes = ["player"];
    if (row.me) classes.push("me");
    if (row.toMove) classes.push("to-move");
    const block = element("div", { class: classes.join(" "), "data-seat": String(row.seat) });
    const head = element("div", { class: "who" });
    // « (vous) », not a star: the result's star marks the winners.
    const name = row.me ? `${row.name} (${page.words.you})` : row.name;
    if (row.pick && next.has(row.pick)) {
      const button = element("button", { type: "button", class: "player-pick", "aria-label": row.pickLabel }, name);
      button.addEventListener("click", (event) => { if (!secondClick(event)) choose(row.pick); });
      head.append(button);
    } else {
      head.append(element("span", { class: "name" }, name));
    }
    if (row.bot) head.append(element("span", { class: "tag" }, row.bot));
    head.append(element("span", { class: "score", title: "score" }, String(row.score)));
    if (row.toMove && page.thinking) head.append(element("span", { class: "dots", "aria-hidden": "true" }, "…"));
    block.append(head);
    if (row.note) block.append(element("p", { class: "note" }, row.note));
    if (row.cards.length) {
      // A fan to draw from is spread out (and wraps), so each card is a whole target.
      const picking = row.cards.some((card) => card.pick && next.has(card.pick));
      const kind = row.slots ? "cards slots" : picking ? "cards fan spread" : "cards fan";
      const cards = element("div", { class: kind });
      row.cards.forEach((card, i) => cards.append(cardNode(card, `p${row.seat}`, next, i)));
      block.append(cards);
    }
    if (row.collection && row.collection.cards.length) {
      const cards = element("div", { class: "cards small", "aria-label": row.collection.label, role: "group" });
      for (const card of row.collection.cards) cards.append(cardNode(card, `c${row.seat}`, next));
      block.append(cards);
    }
    if (row.badge) {
      const badge = element("p", { class: "note badge" });
      badge.append(picture(row.badge.icon), element("span", {}, row.badge.text));
      block.append(badge);
    }
    box.append(block);
  }
}

function drawCentre(page, update, next) {
  const box = $("centre");
  box.replaceChildren();
  for (const pile of page.board.centre) {
    const block = element("div", { class: "pile" });
    block.append(element("h3", {}, pile.label));
    // A long pile lies stacked, unless its cards are to be picked: then each is whole.
    const picking = pile.cards.some((card) => card.pick && next.has(card.pick));
    const cards = element("div", { class: pile.cards.length > 4 && !picking ? "cards stack" : "cards" });
    pile.cards.forEach((card, i) => cards.append(cardNode(card, `z${pile.label}`, next, i)));
    if (!pile.cards.length) cards.append(element("span", { class: "empty" }, "—"));
    block.append(cards);
    box.append(block);
  }
  const glimpse = update.glimpse;
  const drawn = glimpse && glimpse.owner === page.seat ? glimpse.seen.filter(([slot]) => slot === null) : [];
  if (drawn.length) {
    const block = element("div", { class: "pile drawn" });
    block.append(element("h3", {}, page.glimpse ? page.glimpse.text : ""));
    const cards = element("div", { class: "cards" });
    for (const [, code] of drawn) cards.append(cardNode({ code, label: (faces[code] || { label: code }).label, pick: null }, "drawn", next));
    block.append(cards);
    box.append(block);
  }
  const glimpseBox = $("glimpse");
  const showGlimpse = Boolean(page.glimpse && page.glimpse.memorise);
  glimpseBox.hidden = !showGlimpse;
  if (showGlimpse) {
    $("glimpse-text").textContent = page.glimpse.text;
    $("memorised").textContent = page.words.memorised;
  }
  $("aid").hidden = !page.memoryAid;
  $("aid").textContent = page.memoryAidText;
  $("lines").replaceChildren(...page.lines.map((text) => element("li", {}, text)));
  $("lines-summary").textContent = page.words["in-words"];
}

function drawHand(page, next) {
  const hand = page.board.hand;
  $("hand-heading").textContent = hand.label;
  const box = $("hand-cards");
  box.replaceChildren();
  box.className = hand.slots ? "cards slots" : "cards";
  hand.cards.forEach((card, i) => box.append(cardNode(card, "mine", next, i)));
  $("hand").hidden = !hand.cards.length;
}

function drawMoves(page) {
  const box = $("moves");
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  if (page.result) {
    box.append(element("p", { class: "wait" }, page.words["over-moves"]));
    return;
  }
  const buttons = page.yourTurn && !busy ? page.moves.filter((move) => !move.paths.length) : [];
  if (selection.length) {
    box.append(element("p", { class: "wait" }, page.words["pick-next"]));
    // What each move that can follow would do (« 3 + 3 : ... »), before it is chosen.
    const explained = new Set();
    for (const move of page.moves) {
      const follows = move.paths.some((path) => selection.every((pick, i) => path[i] === pick));
      if (follows && move.explain) explained.add(move.explain);
    }
    for (const text of explained) box.append(element("p", { class: "explain" }, text));
    const cancel = element("button", { type: "button", class: "secondary", id: "cancel" }, page.words.cancel);
    cancel.addEventListener("click", () => { selection = []; render(); });
    box.append(cancel);
  } else if (!page.yourTurn) {
    box.append(element("p", { class: "wait" }, page.words["no-moves"]));
  } else if (page.moves.some((move) => move.paths.length)) {
    box.append(element("p", { class: "wait" }, page.words["pick-card"]));
    // What each card move would do (« 4 + 4 : ... »), readable before the first click.
    const effects = [...new Set(page.moves.filter((move) => move.paths.length && move.explain)
      .map((move) => move.explain))].sort();
    if (effects.length) {
      const legend = element("div", { class: "legend" });
      legend.append(element("p", { class: "legend-heading" }, page.words.legend));
      const list = element("ul", {});
      for (const text of effects) list.append(element("li", { class: "explain" }, text));
      legend.append(list);
      box.append(legend);
    }
  }
  for (const move of buttons) {
    const item = element("div", { class: "move-item" });
    const button = element("button", { type: "button", class: "move" }, move.label);
    button.addEventListener("click", (event) => { if (!secondClick(event)) send(move.act); });
    item.append(button);
    if (move.explain) item.append(element("p", { class: "explain" }, move.explain));
    box.append(item);
  }
  if (hadFocus) {
    const first = box.querySelector("button");
    if (first) first.focus();
  }
}

function drawLog(page) {
  const log = $("log");
  for (const item of log.querySelectorAll("li.new")) item.classList.remove("new");
  for (const text of page.events) log.prepend(element("li", { class: "new" }, text));
}

function drawResult(page) {
  const box = $("result");
  if (!page.result) {
    box.hidden = true;
    return;
  }
  const wasHidden = box.hidden;
  box.hidden = false;
  $("result-heading").textContent = page.result.text;
  const table = $("result-scores");
  table.replaceChildren(element("caption", {}, page.words.scores));
  page.names.forEach((name, seat) => {
    const line = element("tr", page.result.winners.includes(seat) ? { class: "winner" } : {});
    line.append(element("th", { scope: "row" }, name), element("td", {}, String(page.result.scores[seat])));
    table.append(line);
  });
  drawSheet(page);
  $("rematch").textContent = page.words.rematch;
  $("new-table").textContent = page.words["new-table"];
  if (wasHidden) $("result-heading").focus();
}

function drawSheet(page) {
  const box = $("sheet");
  box.replaceChildren();
  const sheet = page.sheet;
  if (!sheet || !sheet.rows.length) return;
  const table = element("table", { class: "scores sheet" });
  table.append(element("caption", {}, page.words["score-sheet"]));
  const head = element("tr");
  head.append(element("th", { scope: "col" }, page.words["round-col"]));
  for (const name of page.names) head.append(element("th", { scope: "col" }, name));
  table.append(head);
  sheet.rows.forEach((row, index) => {
    const line = element("tr");
    line.append(element("th", { scope: "row" }, String(index + 1)));
    for (const value of row) line.append(element("td", {}, String(value)));
    table.append(line);
  });
  const total = element("tr", { class: "total" });
  total.append(element("th", { scope: "row" }, page.words.total));
  for (const value of sheet.totals) total.append(element("td", {}, String(value)));
  table.append(total);
  box.append(table);
}

function drawRules(page) {
  if (!page.rules) return;
  $("rules-open").hidden = false;
  $("rules-open").textContent = page.words.rules;
  $("rules-heading").textContent = `${page.words.rules} · ${page.title}`;
  $("rules-close").textContent = page.words.close;
  const box = $("rules-text");
  box.replaceChildren();
  for (const section of page.rules) {
    box.append(element("h3", {}, section.title));
    for (const paragraph of section.paragraphs) box.append(element("p", {}, paragraph));
  }
}

function render() {
  const { update, page } = current;
  const next = nextPicks();
  // The cards are drawn anew: a keyboard player keeps their place (the same card if it is
  // still there, else the first card to play).
  const focused = document.activeElement;
  const onCard = Boolean(focused && focused.classList && focused.classList.contains("card"));
  const focusedKey = onCard ? focused.dataset.key : null;
  document.body.classList.toggle("your-turn", page.yourTurn && !busy);
  document.body.classList.toggle("busy", busy);
  document.body.classList.toggle("over", Boolean(page.result));
  drawPlayers(page, next);
  drawCentre(page, update, next);
  drawHand(page, next);
  drawMoves(page);
  seenKeys = new Set([...document.querySelectorAll("[data-key]")].map((node) => node.dataset.key));
  const lost = !document.activeElement || document.activeElement === document.body;
  if (onCard || (byKeyboard && lost)) {
    const same = [...document.querySelectorAll("button.card")].find((node) => node.dataset.key === focusedKey);
    const target = same || document.querySelector("button.card.playable, button.player-pick");
    if (target) target.focus();
  }
}

// The second click of a double click (or a third...) is not a new choice, even when the
// table's next update, after the bots' moves, came in between and made a card playable again.
function secondClick(event) {
  return event.detail > 1;
}

function send(act) {
  if (busy || !socket || socket.readyState !== WebSocket.OPEN) return;
  busy = true; // a double click plays one move: the next click waits for the next update
  $("refused").textContent = "";
  socket.send(JSON.stringify(act));
  selection = [];
  render();
}

function draw(message) {
  if (message.type === "moved") {
    $("status").textContent = current ? current.page.words.moved : "…";
    setTimeout(() => location.reload(), 300);
    return;
  }
  if (message.type === "refused") {
    busy = false;
    // A stale move (clicked twice, or chosen just as the table moved on) is answered by the
    // update that follows: nothing to tell the person.
    if (message.refused.code !== "stale") $("refused").textContent = refusal(message.refused);
    if (current) render();
    return;
  }
  const { update, page } = message;
  if (update.cursor !== cursor || !current) selection = [];
  cursor = update.cursor;
  busy = false;
  Object.assign(faces, page.faces);
  if (!current || current.page.title !== page.title) {
    document.documentElement.lang = page.language;
    document.title = `${page.title} · ${page.names[page.seat]}`;
    $("title").textContent = page.title;
    $("players").setAttribute("aria-label", page.words.players);
    $("moves-heading").textContent = page.words.moves;
    $("log-heading").textContent = page.words.log;
    $("table-heading").textContent = page.words.table;
  }
  if (page.rules) drawRules(page);
  if (current && current.page.rules && !page.rules) page.rules = current.page.rules;
  current = { update, page };
  $("round").textContent = page.round;
  $("round").hidden = !page.round; // a game of one round has no round number
  $("status").textContent = page.status;
  document.body.classList.toggle("thinking", page.thinking);
  render();
  drawLog(page);
  drawResult(page);
  document.body.dataset.cursor = String(cursor);
}

function refusal(refused) {
  // The table's language, by the refusal's code (the protocol's own sentence is English).
  if (!current) return refused.message;
  const words = current.page.words;
  return words[`refused-${refused.code}`] || words["refused-other"];
}

function memorised() {
  if (!socket || socket.readyState !== WebSocket.OPEN || !current) return;
  socket.send(JSON.stringify({ type: "memorised", seat: current.page.seat, cursor }));
}

async function rematch() {
  $("rematch").disabled = true;
  try {
    const response = await fetch("/api/rematch", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    const answer = await response.json();
    if (!response.ok) {
      $("refused").textContent = refusal({ code: response.status === 503 ? "unavailable" : "other", message: answer.error });
      return;
    }
    location.reload();
  } finally {
    $("rematch").disabled = false;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}?since=${cursor}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => draw(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    document.body.dataset.cursor = "";
    busy = false;
    if (event.code === 4404 || event.code === 4410) {
      $("status").textContent = event.reason;
      return;
    }
    $("status").textContent = current ? current.page.words.reconnecting : "…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

async function start() {
  // The table told in sentences: open beside the cards on a wide screen, a tap away on a phone.
  $("in-words").open = !window.matchMedia("(max-width: 44rem)").matches;
  $("memorised").addEventListener("click", memorised);
  $("rematch").addEventListener("click", rematch);
  $("rules-open").addEventListener("click", () => {
    $("rules").showModal();
    $("rules-heading").focus(); // the rules are read from their start, not from « Fermer »
    $("rules").scrollTop = 0;
  });
  try {
    const response = await fetch("/static/cards.svg");
    $("sprite").innerHTML = await response.text();
  } catch {
    // Without the pictures the cards still show their numbers and names.
  }
  connect();
}

start();
