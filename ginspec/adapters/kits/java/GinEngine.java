// A gin engine for the ginspec conformance suite, in plain Java 17 (no dependencies).
//
// It speaks the JSON-lines protocol of spec/protocol.md on standard input and output and answers
// the hand questions: meld, deadwood, discard and knock (spec/vectors.md). Check it with
//     javac -d build GinEngine.java && ginspec check --engine "exec:java -cp build GinEngine"
// (or, without compiling first, --engine "exec:java GinEngine.java").
// Replace the methods of the hand questions with calls into your own engine, one kind at a time.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class GinEngine {
    static final String NAME = "example-java";
    static final String VERSION = "1.0";
    static final List<String> KINDS = List.of("meld", "deadwood", "discard", "knock");
    static final String RANKS = "A23456789TJQK";
    static final String SUITS = "cdhs";

    // ------------------------------------------------------------------ cards (spec/notation.md)

    record Card(int rank, char suit, String text) {
        int value() { return Math.min(rank, 10); } // CARD-VALUES: ace 1, faces 10
    }

    static Card parseCard(String text) {
        if (text.length() != 2 || RANKS.indexOf(text.charAt(0)) < 0 || SUITS.indexOf(text.charAt(1)) < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a card");
        }
        return new Card(RANKS.indexOf(text.charAt(0)) + 1, text.charAt(1), text);
    }

    static List<Card> parseCards(String text) {
        List<Card> cards = new ArrayList<>();
        for (String word : text.trim().split("\\s+")) {
            if (!word.isEmpty()) cards.add(parseCard(word));
        }
        return cards;
    }

    // ------------------------------------------------------------------ the hand questions

    /** MELD-SET, MELD-RUN (ace low only: MELD-RUN-ACE-LOW, MELD-RUN-NO-WRAP); null when no meld. */
    static String meldType(List<Card> cards) {
        if (cards.size() < 3 || cards.stream().map(Card::text).distinct().count() != cards.size()) return null;
        if (cards.size() <= 4 && cards.stream().allMatch(card -> card.rank() == cards.get(0).rank())) return "set";
        if (cards.stream().allMatch(card -> card.suit() == cards.get(0).suit())) {
            int[] ranks = cards.stream().mapToInt(Card::rank).sorted().toArray();
            for (int i = 1; i < ranks.length; i++) if (ranks[i] != ranks[i - 1] + 1) return null;
            return "run";
        }
        return null;
    }

    /** DEADWOOD-COUNT, MELD-DISJOINT: the least total value left out of disjoint melds. */
    static int leastDeadwood(List<Card> cards) {
        int count = cards.size();
        // a meld is all of one rank or all of one suit: only groups of cards sharing one are tried
        int[] sameRank = new int[count];
        int[] sameSuit = new int[count];
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < count; j++) {
                if (cards.get(j).rank() == cards.get(i).rank()) sameRank[i] |= 1 << j;
                if (cards.get(j).suit() == cards.get(i).suit()) sameSuit[i] |= 1 << j;
            }
        }
        List<Integer> melds = new ArrayList<>();
        for (int mask = 1; mask < (1 << count); mask++) {
            int first = Integer.numberOfTrailingZeros(mask);
            if (Integer.bitCount(mask) < 3 || ((mask & ~sameRank[first]) != 0 && (mask & ~sameSuit[first]) != 0)) continue;
            List<Card> chosen = new ArrayList<>();
            for (int i = 0; i < count; i++) if ((mask & (1 << i)) != 0) chosen.add(cards.get(i));
            if (meldType(chosen) != null) melds.add(mask);
        }
        return best((1 << count) - 1, cards, melds, new HashMap<>());
    }

    static int best(int left, List<Card> cards, List<Integer> melds, Map<Integer, Integer> memo) {
        if (left == 0) return 0;
        Integer known = memo.get(left);
        if (known != null) return known;
        int first = Integer.numberOfTrailingZeros(left);
        int result = cards.get(first).value() + best(left & ~(1 << first), cards, melds, memo);
        for (int meld : melds) {
            if ((meld & (1 << first)) != 0 && (meld & left) == meld) {
                result = Math.min(result, best(left & ~meld, cards, melds, memo));
            }
        }
        memo.put(left, result);
        return result;
    }

    static List<Card> without(List<Card> cards, int index) {
        List<Card> rest = new ArrayList<>(cards);
        rest.remove(index);
        return rest;
    }

    static Map<String, Object> answer(String kind, Map<?, ?> input, Map<?, ?> parameters) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (kind) {
            case "meld" -> {
                String type = meldType(parseCards((String) input.get("cards")));
                out.put("valid", type != null);
                out.put("type", type);
            }
            case "deadwood" -> out.put("deadwood", leastDeadwood(parseCards((String) input.get("hand"))));
            case "discard" -> { // DEADWOOD-AFTER-DRAW: every discard tried; the discard is never counted
                List<Card> hand = parseCards((String) input.get("hand"));
                int least = Integer.MAX_VALUE;
                int[] counts = new int[hand.size()];
                for (int i = 0; i < hand.size(); i++) {
                    counts[i] = leastDeadwood(without(hand, i));
                    least = Math.min(least, counts[i]);
                }
                List<String> discards = new ArrayList<>();
                for (int i = 0; i < hand.size(); i++) if (counts[i] == least) discards.add(hand.get(i).text());
                out.put("deadwood", least);
                out.put("discards", String.join(" ", discards));
                out.put("can_knock", least <= ((Number) parameters.get("knock_limit")).intValue());
                out.put("can_gin", least == 0);
                out.put("can_big_gin", Boolean.TRUE.equals(parameters.get("big_gin")) && leastDeadwood(hand) == 0);
            }
            case "knock" -> { // KNOCK-LIMIT: the cards kept after the discard count at most the limit
                List<Card> hand = parseCards((String) input.get("hand"));
                int index = -1;
                for (int i = 0; i < hand.size(); i++) if (hand.get(i).text().equals(input.get("discard"))) index = i;
                if (index < 0) throw new IllegalArgumentException("the discard " + input.get("discard") + " is not in the hand");
                int deadwood = leastDeadwood(without(hand, index));
                out.put("legal", deadwood <= ((Number) parameters.get("knock_limit")).intValue());
                out.put("deadwood", deadwood);
                out.put("gin", deadwood == 0);
            }
            default -> out.put("unsupported", "this engine does not answer " + kind + " questions");
        }
        return out;
    }

    // ------------------------------------------------------------------ the protocol

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<?, ?> message = (Map<?, ?>) new Json(line).value();
            Map<String, Object> reply = new LinkedHashMap<>();
            switch (String.valueOf(message.get("type"))) {
                case "start" -> {
                    reply.put("type", "capabilities");
                    reply.put("protocol", 1);
                    reply.put("engine", NAME);
                    reply.put("version", VERSION);
                    reply.put("kinds", KINDS);
                    reply.put("omits", List.of("arrangements"));
                    reply.put("parameters", Map.of("ace_in_runs", List.of("low"))); // the ace only low in runs: no Q-K-A
                }
                case "ask" -> {
                    reply.put("type", "answer");
                    reply.put("id", message.get("id"));
                    reply.put("answer", answer((String) message.get("kind"), (Map<?, ?>) message.get("input"), (Map<?, ?>) message.get("parameters")));
                }
                case "stop" -> System.exit(0);
                default -> System.err.println("unknown message type " + message.get("type"));
            }
            if (!reply.isEmpty()) out.println(Json.write(reply));
        }
    }

    /** Just enough JSON: objects, arrays, strings, numbers, true, false and null. */
    static final class Json {
        private final String text;
        private int at;

        Json(String text) { this.text = text; }

        Object value() {
            skipSpace();
            char c = text.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            return number();
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (text.charAt(at) == '}') { at++; return map; }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                map.put(key, value());
                skipSpace();
                if (text.charAt(at++) == '}') return map;
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            at++;
            skipSpace();
            if (text.charAt(at) == ']') { at++; return list; }
            while (true) {
                list.add(value());
                skipSpace();
                if (text.charAt(at++) == ']') return list;
            }
        }

        private String string() {
            expect('"');
            StringBuilder built = new StringBuilder();
            while (true) {
                char c = text.charAt(at++);
                if (c == '"') return built.toString();
                if (c != '\\') { built.append(c); continue; }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> built.append('\n');
                    case 't' -> built.append('\t');
                    case 'r' -> built.append('\r');
                    case 'b' -> built.append('\b');
                    case 'f' -> built.append('\f');
                    case 'u' -> { built.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                    default -> built.append(escaped);
                }
            }
        }

        private Number number() {
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            String literal = text.substring(start, at);
            if (literal.isEmpty()) throw new IllegalArgumentException("not JSON at character " + start + ": " + text);
            if (literal.contains(".") || literal.contains("e") || literal.contains("E")) return Double.parseDouble(literal);
            return Long.parseLong(literal);
        }

        private void expect(char wanted) {
            if (text.charAt(at++) != wanted) throw new IllegalArgumentException("not JSON: expected " + wanted + " at " + (at - 1));
        }

        private void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }

        static String write(Object value) {
            if (value == null) return "null";
            if (value instanceof String s) {
                StringBuilder built = new StringBuilder("\"");
                for (char c : s.toCharArray()) {
                    switch (c) {
                        case '"' -> built.append("\\\"");
                        case '\\' -> built.append("\\\\");
                        case '\n' -> built.append("\\n");
                        default -> built.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
                    }
                }
                return built.append('"').toString();
            }
            if (value instanceof Map<?, ?> map) {
                List<String> parts = new ArrayList<>();
                map.forEach((key, item) -> parts.add(write(String.valueOf(key)) + ":" + write(item)));
                return "{" + String.join(",", parts) + "}";
            }
            if (value instanceof List<?> list) {
                List<String> parts = new ArrayList<>();
                list.forEach(item -> parts.add(write(item)));
                return "[" + String.join(",", parts) + "]";
            }
            return String.valueOf(value); // numbers and booleans
        }
    }
}
