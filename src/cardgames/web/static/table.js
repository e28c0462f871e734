"use strict";
// One seat's page. The server sends this seat's updates only (its view, the events it saw,
// narrated, its moves); the page draws them and sends back the move a person picks.
const $ = (id) => document.getElementById(id);
const token = location.pathname.split("/").pop();
let cursor = 0;
let faces = {};
let socket = null;
let retry = 500;
let lastTitle = "";

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function cardNode(code, move) {
  if (code === null) {
    const back = element("span", { class: "card back", role: "img", "aria-label": "face-down card" });
    return back;
  }
  const face = faces[code] || { label: code, mark: code, colour: "#212f3d" };
  const node = move
    ? element("button", { type: "button", class: "card playable", "data-code": code })
    : element("span", { class: "card", role: "img", "data-code": code });
  node.setAttribute(move ? "title" : "aria-label", face.label);
  if (move) node.setAttribute("aria-label", move.label);
  node.style.setProperty("--suit", face.colour);
  const long = face.mark.length > 3;
  node.append(
    element("span", { class: "corner", "aria-hidden": "true" }, long ? "★" : face.mark),
    element("span", { class: long ? "mark word" : "mark", "aria-hidden": "true" }, face.mark),
  );
  if (move) node.addEventListener("click", () => send(move));
  return node;
}

function send(move) {
  $("refused").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(move.act));
}

function drawPlayers(page, view) {
  const box = $("players");
  box.replaceChildren();
  page.names.forEach((name, seat) => {
    const classes = ["player"];
    if (seat === page.seat) classes.push("me");
    if (view.to_move === seat) classes.push("to-move");
    const card = element("div", { class: classes.join(" "), "data-seat": String(seat) });
    const who = seat === page.seat ? `${name} ★` : name;
    card.append(element("span", { class: "name" }, who));
    if (page.bots.includes(seat)) card.append(element("span", { class: "tag" }, "bot"));
    card.append(element("span", { class: "score" }, String(page.scores[seat])));
    box.append(card);
  });
}

function drawRows(page) {
  const byCard = new Map();
  for (const move of page.moves) {
    if (move.cards.length === 1 && !byCard.has(move.cards[0])) byCard.set(move.cards[0], move);
  }
  const rows = $("rows");
  rows.replaceChildren();
  for (const row of page.rows) {
    const block = element("div", { class: `row field-${row.field}` });
    block.append(element("h3", {}, row.label));
    row.cards.forEach((cards, index) => {
      const line = element("div", { class: "cards" });
      if (row.seats.length) line.append(element("span", { class: "who" }, row.seats[index]));
      const list = Array.isArray(cards) ? cards : [cards];
      const mine = !row.seats.length || index === page.seat;
      for (const code of list) line.append(cardNode(code, mine ? byCard.get(code) : undefined));
      if (!list.length) line.append(element("span", { class: "empty" }, "—"));
      block.append(line);
    });
    rows.append(block);
  }
  const lines = $("lines");
  lines.replaceChildren(...page.lines.map((text) => element("li", {}, text)));
}

function drawMoves(page) {
  const hadFocus = $("moves").contains(document.activeElement)
    || Boolean(document.activeElement?.classList.contains("playable"));
  const box = $("moves");
  box.replaceChildren();
  if (!page.moves.length) {
    box.append(element("p", { class: "wait" }, page.words["no-moves"]));
  }
  const fan = element("div", { class: "fan" });
  page.moves.forEach((move, index) => {
    if (move.position !== null) {
      // A blind draw: one face-down card per position of the fanned hand.
      const back = element("button", { type: "button", class: "card back playable", "data-move": String(index), "aria-label": move.label, title: move.label });
      back.addEventListener("click", () => send(move));
      fan.append(back);
      return;
    }
    const button = element("button", { type: "button", class: "move", "data-move": String(index) }, move.label);
    button.addEventListener("click", () => send(move));
    box.append(button);
  });
  if (fan.childElementCount) box.prepend(fan);
  if (hadFocus && page.moves.length) box.querySelector("button").focus();
}

function drawLog(page) {
  const log = $("log");
  for (const text of page.events) {
    const item = element("li", {}, text);
    log.prepend(item);
  }
  for (const item of log.querySelectorAll("li.new")) item.classList.remove("new");
  [...log.children].slice(0, page.events.length).forEach((item) => item.classList.add("new"));
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
  if (wasHidden) $("result-heading").focus();
}

function draw(message) {
  if (message.type === "refused") {
    $("refused").textContent = message.refused.message;
    return;
  }
  const { update, page } = message;
  cursor = update.cursor;
  Object.assign(faces, page.cards);
  document.documentElement.lang = page.language;
  if (lastTitle !== page.title) {
    lastTitle = page.title;
    document.title = `${page.title} · ${page.names[page.seat]}`;
    $("title").textContent = page.title;
  }
  $("round").textContent = page.round;
  $("status").textContent = page.status;
  document.body.classList.toggle("your-turn", page.yourTurn);
  $("table-heading").textContent = page.words.table;
  $("moves-heading").textContent = page.words.moves;
  $("log-heading").textContent = page.words.log;
  drawPlayers(page, update.view);
  drawRows(page);
  drawMoves(page);
  drawLog(page);
  drawResult(page);
  document.body.dataset.cursor = String(cursor);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}?since=${cursor}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => draw(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    document.body.dataset.cursor = "";
    if (event.code === 4404 || event.code === 4410) {
      $("status").textContent = event.reason;
      return;
    }
    $("status").textContent = "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

connect();
