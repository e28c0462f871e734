"use strict";
// The form that opens a table: POST /api/tables, then one link per human seat. Its words come
// from the server in both languages, and follow the language chosen on the form.
const $ = (id) => document.getElementById(id);
let catalogue = null;

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function words() {
  return catalogue.words[$("language").value];
}

function say(key, values = {}) {
  return words()[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

function chosenGame() {
  return catalogue.games.find((game) => game.slug === $("game").value);
}

function relabel() {
  document.documentElement.lang = $("language").value;
  document.title = say("title");
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = say(node.dataset.word);
  fillSeats();
}

function fillPlayers() {
  const game = chosenGame();
  const select = $("players");
  const before = Number(select.value) || 3;
  select.replaceChildren();
  for (let n = game.minPlayers; n <= game.maxPlayers; n += 1) {
    select.append(element("option", { value: String(n) }, String(n)));
  }
  select.value = String(Math.min(Math.max(before, game.minPlayers), game.maxPlayers));
  $("short-box").hidden = !game.short;
  $("aid-box").hidden = !game.memory;
  fillSeats();
}

const DEFAULT_NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eva", "Farid"];

function fillSeats() {
  const list = $("seats");
  const kept = [...list.querySelectorAll("li")].map((item) => ({
    name: item.querySelector("input").value,
    who: item.querySelector("select").value,
  }));
  list.replaceChildren();
  const players = Number($("players").value);
  const levels = catalogue.levels[$("language").value];
  for (let seat = 0; seat < players; seat += 1) {
    const n = seat + 1;
    const item = element("li", { class: "seat" });
    const nameId = `name-${seat}`;
    const whoId = `who-${seat}`;
    const name = element("input", { id: nameId, type: "text", maxlength: "40", required: "", "aria-label": say("name", { n }) });
    name.value = kept[seat] ? kept[seat].name : DEFAULT_NAMES[seat];
    const who = element("select", { id: whoId });
    who.append(element("option", { value: "person" }, say("person")));
    for (const bot of catalogue.bots) {
      who.append(element("option", { value: bot }, say("bot", { level: levels[bot] })));
    }
    who.value = kept[seat] ? kept[seat].who : seat === 0 ? "person" : "medium";
    item.append(
      element("span", { class: "seat-number", "aria-hidden": "true" }, say("seat", { n })),
      name,
      element("label", { for: whoId, class: "visually-hidden" }, say("who", { n })),
      who,
    );
    list.append(item);
  }
}

async function openTable(event) {
  event.preventDefault();
  $("form-error").textContent = "";
  const players = Number($("players").value);
  const names = [];
  const bots = {};
  for (let seat = 0; seat < players; seat += 1) {
    names.push($(`name-${seat}`).value.trim());
    const who = $(`who-${seat}`).value;
    if (who !== "person") bots[String(seat)] = who;
  }
  const game = chosenGame();
  const request = { game: game.slug, players, names, bots, language: $("language").value };
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  if (game.short && $("short").checked) request.short = true;
  if (game.memory && $("memory-aid").checked) request.memoryAid = true;
  $("open").disabled = true;
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const answer = await response.json();
    if (!response.ok) {
      $("form-error").textContent = answer.error;
      return;
    }
    showLinks(answer.links);
  } catch (error) {
    $("form-error").textContent = say("no-answer", { error });
  } finally {
    $("open").disabled = false;
  }
}

function showLinks(links) {
  const list = $("link-list");
  list.replaceChildren();
  for (const link of links) {
    const url = new URL(link.url, location.href).href;
    const item = element("li");
    const anchor = element("a", { href: link.url, class: "seat-link", "data-seat": String(link.seat) },
      say("seat-link", { name: link.name, n: link.seat + 1 }));
    const copy = element("button", { type: "button", class: "secondary" }, say("copy"));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = say("copied");
      } catch {
        copy.textContent = say("copy-failed");
      }
    });
    item.append(anchor, element("code", {}, url), copy);
    list.append(item);
  }
  $("new-table").hidden = true;
  $("links").hidden = false;
  $("links-heading").focus();
}

async function start() {
  const response = await fetch("/api/games");
  catalogue = await response.json();
  const preferred = (navigator.language || "fr").slice(0, 2);
  if (catalogue.languages.includes(preferred)) $("language").value = preferred;
  for (const game of catalogue.games) {
    $("game").append(element("option", { value: game.slug }, game.title));
  }
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("language").addEventListener("change", relabel);
  $("new-table").addEventListener("submit", openTable);
  fillPlayers();
  relabel();
}

start();
