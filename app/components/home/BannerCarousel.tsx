import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A banner as the slide endpoint gives it, `src` already chosen for the player's language. */
export type Banner = { id: number; src: string; link: string; title: string };

const AUTOPLAY_MS = 5000;

/**
 * Swipeable banners (CSS scroll snapping, so they work without JavaScript). With JavaScript they also
 * advance every few seconds, unless the player prefers reduced motion or is touching them.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation("content");
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const paused = useRef(false);

  useEffect(() => {
    const el = track.current;
    if (!el || banners.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      if (paused.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % banners.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [banners.length]);

  if (banners.length === 0) return null;
  const show = (index: number) =>
    track.current?.scrollTo({ left: index * track.current.clientWidth, behavior: "smooth" });
  return (
    <section className="banners" aria-roledescription="carousel" aria-label={t("banner.label")}>
      <div
        ref={track}
        className="banner-track"
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
        onPointerDown={() => (paused.current = true)}
        onPointerUp={() => (paused.current = false)}
        onPointerCancel={() => (paused.current = false)}
      >
        {banners.map((banner, i) => {
          const image = (
            <img
              src={banner.src}
              alt={banner.title || t("banner.slide", { n: i + 1, total: banners.length })}
              width={750}
              height={300}
              loading={i === 0 ? "eager" : "lazy"}
              decoding={i === 0 ? "sync" : "async"}
              // The first slide is the home page's largest paint: fetched at high priority, with the
              // scripts. React 18 passes the attribute through only when it is spelled in lower case.
              {...(i === 0 ? { fetchpriority: "high" } : {})}
            />
          );
          return (
            <div className="banner-slide" key={banner.id} aria-roledescription="slide">
              {banner.link.startsWith("/") && !banner.link.startsWith("//") ? (
                <Link to={banner.link}>{image}</Link>
              ) : banner.link ? (
                <a href={banner.link} target="_blank" rel="noopener noreferrer">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {banners.length > 1 ? (
        <div className="banner-dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={i === current ? "active" : undefined}
              aria-label={t("banner.goTo", { n: i + 1 })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
