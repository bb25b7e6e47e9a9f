import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { gameTitle } from "~/lib/game-title";
import type { GameTile } from "#shared/answers/games";
import { tileImage, tileRoomId } from "./tile-target";

/** Tiles in the first two rows load at once; the rest wait until they come near the screen. */
const EAGER_TILES = 8;

/**
 * The sixteen game tiles. Each opens its activity room; a guest is sent on to /login by the room's
 * (auth) guard and comes back after logging in.
 */
export function GameTiles({ games }: { games: GameTile[] }) {
  const { t } = useTranslation(["content", "game"]);
  return (
    <section className="home-section" aria-labelledby="games-title">
      <div className="section-head">
        <h2 id="games-title">{t("home.games")}</h2>
      </div>
      {games.length === 0 ? (
        <p className="empty-note">{t("home.gamesUnavailable")}</p>
      ) : (
        <ul className="tile-grid">
          {games.map((game, i) => {
            const image = tileImage(game.image);
            const title = gameTitle(t, game.titleKey, game.title);
            return (
              <li key={game.id}>
                <Link to={`/activity/${tileRoomId(game)}`} className="tile" data-game={game.titleKey}>
                  {image ? (
                    <img
                      src={image}
                      alt=""
                      width={64}
                      height={64}
                      loading={i < EAGER_TILES ? "eager" : "lazy"}
                      decoding="async"
                    />
                  ) : (
                    <span className="tile-fallback" aria-hidden="true">
                      {title.slice(0, 2)}
                    </span>
                  )}
                  <span className="tile-title">{title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
