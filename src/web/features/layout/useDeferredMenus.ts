import { useEffect, useState } from "react";
import { importWithReload } from "../../lazyWithReload";
import { whenIdle } from "../../whenIdle";

type Menus = typeof import("./TopBarMenus");

const load = importWithReload(() => import("./TopBarMenus"));
let loaded: Menus | null = null;
let loading: Promise<Menus> | null = null;

function loadMenus(): Promise<Menus> {
  loading ??= load().then((menus) => {
    loaded = menus;
    return menus;
  });
  return loading;
}

/**
 * The top bar's menus (account, language) with their dropdown and its positioning library, a chunk
 * of their own: a first page shows their buttons without it. It loads once the page is idle, or at
 * once when the member presses a menu's stand-in button (`press`: the menu then opens as it comes,
 * `openAtOnce`); until then `menus` is null.
 */
export function useDeferredMenus(): { menus: Menus | null; openAtOnce: boolean; press(): void } {
  const [menus, setMenus] = useState<Menus | null>(loaded);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  useEffect(() => {
    if (menus) return;
    let live = true;
    const take = () =>
      void loadMenus()
        .then((m) => live && setMenus(m))
        .catch(() => {});
    const cancel = whenIdle(take);
    return () => {
      live = false;
      cancel();
    };
  }, [menus]);
  return {
    menus,
    openAtOnce,
    press: () => {
      setOpenAtOnce(true);
      void loadMenus()
        .then(setMenus)
        .catch(() => {});
    },
  };
}
