import { useEffect, useState } from 'react';

/**
 * A dialog rendered only once it is first opened: a closed dialog still costs its portal,
 * transition and focus trap when the page is taken over, and their mount effects re-render
 * synchronously in that same task. It first mounts closed and opens on the next render, as if it
 * had always been there, so that it still returns focus to what opened it when it closes.
 */
export function useOpenedOnce(opened: boolean) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  return { rendered: opened || mounted, opened: opened && mounted };
}
