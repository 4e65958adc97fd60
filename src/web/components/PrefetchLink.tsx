import { Link, type LinkProps } from "react-router";
import { preloadPage } from "../pageLoaders";

/** A link that loads the target page's code when the pointer or focus comes near. */
export function PrefetchLink(props: LinkProps) {
  const preload = () => typeof props.to === "string" && preloadPage(props.to.split("?")[0]);
  return <Link {...props} onMouseEnter={preload} onFocus={preload} onTouchStart={preload} />;
}
