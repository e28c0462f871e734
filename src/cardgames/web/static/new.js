"use strict";
// The form that opens a table: POST /api/tables, then one link per human seat.
const $ = (id) => document.getElementById(id);
let catalogue = null;

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function chosenGame() {
  return catalogue.games.find((game) => game.slug === $("game").value);
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
  for (let seat = 0; seat < players; seat += 1) {
    const item = element("li", { class: "seat" });
    const nameId = `name-${seat}`;
    const whoId = `who-${seat}`;
    const name = element("input", { id: nameId, type: "text", maxlength: "40", required: "" });
    name.value = kept[seat] ? kept[seat].name : DEFAULT_NAMES[seat];
    const who = element("select", { id: whoId });
    who.append(element("option", { value: "person" }, "a person"));
    for (const bot of catalogue.bots) {
      who.append(element("option", { value: bot }, `bot: ${bot}`));
    }
    who.value = kept[seat] ? kept[seat].who : seat === 0 ? "person" : "heuristic";
    item.append(
      element("label", { for: nameId }, `Seat ${seat}`),
      name,
      element("label", { for: whoId, class: "visually-hidden" }, `Who plays seat ${seat}`),
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
  const request = { game: $("game").value, players, names, bots, language: $("language").value };
  if ($("seed").value !== "") request.seed = Number($("seed").value);
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
    $("form-error").textContent = `The server did not answer: ${error}`;
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
      `${link.name} (seat ${link.seat})`);
    const copy = element("button", { type: "button", class: "secondary" }, "Copy link");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Select and copy the address";
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
  for (const game of catalogue.games) {
    $("game").append(element("option", { value: game.slug }, game.title));
  }
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("new-table").addEventListener("submit", openTable);
  fillPlayers();
}

start();
