#!/usr/bin/env node
// A gin engine for the ginspec conformance suite, in plain Node.js (no dependencies).
//
// It speaks the JSON-lines protocol of spec/protocol.md on standard input and output and answers
// the hand questions: meld, deadwood, discard and knock (spec/vectors.md). Check it with
//     ginspec check --engine "exec:node gin_engine.cjs"
// The .cjs name keeps it CommonJS inside a package whose package.json says "type": "module".
// Replace the functions below with calls into your own engine, one kind at a time.
'use strict';

const readline = require('readline');

const ENGINE = { name: 'example-javascript', version: '1.0' };
const KINDS = ['meld', 'deadwood', 'discard', 'knock'];
const RANKS = 'A23456789TJQK';
const SUITS = 'cdhs';

// Cards (spec/notation.md): rank then suit, "Ac 2d Th Ks"; an ace is low and counts 1 (CARD-VALUES).
function parseCard(text) {
  if (text.length !== 2 || !RANKS.includes(text[0]) || !SUITS.includes(text[1])) {
    throw new Error(`'${text}' is not a card`);
  }
  return { rank: RANKS.indexOf(text[0]) + 1, suit: text[1], text };
}

function parseCards(text) {
  const words = text.trim().split(/\s+/).filter((word) => word.length > 0);
  return words.map(parseCard);
}

function value(card) {
  return Math.min(card.rank, 10);
}

// MELD-SET: three or four cards of one rank. MELD-RUN: three or more in sequence in one suit,
// the ace low only (MELD-RUN-ACE-LOW, MELD-RUN-NO-WRAP).
function meldType(cards) {
  if (cards.length < 3 || new Set(cards.map((card) => card.text)).size !== cards.length) return null;
  if (cards.length <= 4 && cards.every((card) => card.rank === cards[0].rank)) return 'set';
  if (cards.every((card) => card.suit === cards[0].suit)) {
    const ranks = cards.map((card) => card.rank).sort((a, b) => a - b);
    if (ranks.every((rank, i) => i === 0 || rank === ranks[i - 1] + 1)) return 'run';
  }
  return null;
}

// Every meld the hand holds, as a bit mask over its cards. A meld is all of one rank or all of one
// suit, so only the groups of cards sharing a rank or a suit are tried.
function possibleMelds(cards) {
  const melds = [];
  const count = cards.length;
  const sameRank = cards.map((card) => cards.reduce((mask, other, j) => (other.rank === card.rank ? mask | (1 << j) : mask), 0));
  const sameSuit = cards.map((card) => cards.reduce((mask, other, j) => (other.suit === card.suit ? mask | (1 << j) : mask), 0));
  for (let mask = 1; mask < 1 << count; mask++) {
    let size = 0;
    for (let i = 0; i < count; i++) if (mask & (1 << i)) size++;
    if (size < 3) continue;
    let first = 0;
    while (!(mask & (1 << first))) first++;
    if (mask & ~sameRank[first] && mask & ~sameSuit[first]) continue;
    const chosen = cards.filter((_, i) => mask & (1 << i));
    if (meldType(chosen) !== null) melds.push(mask);
  }
  return melds;
}

// DEADWOOD-COUNT, MELD-DISJOINT: the least total value of the cards left out of disjoint melds.
function leastDeadwood(cards) {
  const melds = possibleMelds(cards);
  const memo = new Map();
  function best(left) {
    if (left === 0) return 0;
    if (memo.has(left)) return memo.get(left);
    let first = 0;
    while (!(left & (1 << first))) first++;
    let result = value(cards[first]) + best(left & ~(1 << first));
    for (const meld of melds) {
      if (meld & (1 << first) && (meld & left) === meld) result = Math.min(result, best(left & ~meld));
    }
    memo.set(left, result);
    return result;
  }
  return best((1 << cards.length) - 1);
}

function without(cards, index) {
  return cards.filter((_, i) => i !== index);
}

function answer(kind, input, parameters) {
  if (kind === 'meld') {
    const type = meldType(parseCards(input.cards));
    return { valid: type !== null, type };
  }
  if (kind === 'deadwood') {
    return { deadwood: leastDeadwood(parseCards(input.hand)) };
  }
  if (kind === 'discard') {
    // DEADWOOD-AFTER-DRAW: try every discard; the discard itself is never counted.
    const hand = parseCards(input.hand);
    const counts = hand.map((_, i) => leastDeadwood(without(hand, i)));
    const least = Math.min(...counts);
    return {
      deadwood: least,
      discards: hand.filter((_, i) => counts[i] === least).map((card) => card.text).join(' '),
      can_knock: least <= parameters.knock_limit,
      can_gin: least === 0,
      can_big_gin: parameters.big_gin === true && leastDeadwood(hand) === 0,
    };
  }
  if (kind === 'knock') {
    // KNOCK-LIMIT: the ten cards kept after the discard count at most the knock limit.
    const hand = parseCards(input.hand);
    const index = hand.findIndex((card) => card.text === input.discard);
    if (index < 0) throw new Error(`the discard ${input.discard} is not in the hand`);
    const deadwood = leastDeadwood(without(hand, index));
    return { legal: deadwood <= parameters.knock_limit, deadwood, gin: deadwood === 0 };
  }
  return { unsupported: `this engine does not answer ${kind} questions` };
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === 'start') {
    send({
      type: 'capabilities', protocol: 1, engine: ENGINE.name, version: ENGINE.version,
      kinds: KINDS, omits: ['arrangements'],
      parameters: { ace_in_runs: ['low'] }, // the ace only low in runs: no Q-K-A
    });
  } else if (message.type === 'ask') {
    send({ type: 'answer', id: message.id, answer: answer(message.kind, message.input, message.parameters) });
  } else if (message.type === 'stop') {
    lines.close();
    process.exit(0);
  } else {
    process.stderr.write(`unknown message type ${JSON.stringify(message.type)}\n`);
  }
});
