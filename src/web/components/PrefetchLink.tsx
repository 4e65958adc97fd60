import { Link, type LinkProps } from "react-router";
import { preloadPageAt } from "../prefetch";

/** A link that loads the target page's code when the pointer or focus comes near. */
export function PrefetchLink(props: LinkProps) {
  const preload = () => typeof props.to === "string" && preloadPageAt(props.to.split("?")[0]);
  return <Link {...props} onMouseEnter={preload} onFocus={preload} onTouchStart={preload} />;
}
