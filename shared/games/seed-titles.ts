// The English names the demo seed stores for its 16 games (worker/seed/catalogue.ts), by title key. A
// room keeps the seed's name, "<game> · <tab>", as data; the app says the game's part in the reader's
// words (app/lib/game-labels.ts roomName) and needs only these names to recognise it, not the whole
// English game namespace in the browser's bundle.
export const SEED_GAME_TITLES: Readonly<Record<string, string>> = {
  lucky28: "Lucky 28",
  classic28: "Classic 28",
  turbo28: "Turbo 28",
  racing10: "Racing 10",
  skyracing: "Sky Racing",
  speedracing: "Speed Racing",
  dicefast3: "Dice Fast 3",
  tripledice: "Triple Dice",
  classic11x5: "11x5 Classic",
  turbo11x5: "11x5 Turbo",
  gold11x5: "11x5 Gold",
  royal11x5: "11x5 Royal",
  royal28: "Royal 28",
  royalfast3: "Royal Fast 3",
  fast3: "Fast 3",
  bigsmall: "Big & Small",
};
