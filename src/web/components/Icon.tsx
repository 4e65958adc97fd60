// Inline SVG icons (no icon font, no emoji: both depend on fonts a device may lack).

const PATHS = {
  search: "M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.41 1.41-4.25-4.24A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z",
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v10h2v1.8L8.3 16H20V6H4z",
  heart: "M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.1 1.8-1.9 3.3-3.1 5.4-3.1 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z",
  coin: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v1.1c1.3.3 2.3 1.2 2.5 2.4h-2c-.2-.4-.7-.7-1.5-.7-.9 0-1.5.4-1.5 1 0 .5.4.8 1.9 1.1 2.2.5 3.3 1.3 3.3 2.9 0 1.3-1 2.3-2.7 2.6V17h-2v-1.1c-1.5-.3-2.6-1.3-2.7-2.7h2c.1.6.8 1 1.8 1s1.6-.4 1.6-1c0-.5-.5-.8-2-1.1-2-.4-3.2-1.2-3.2-2.8 0-1.3 1-2.3 2.5-2.6V7h2z",
  globe: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm6.9 9a8 8 0 0 0-3.1-5.5c.6 1.5 1 3.4 1.1 5.5h2zm-4 0c-.2-3.3-1.4-5.6-2.9-6.9-1.5 1.3-2.7 3.6-2.9 6.9h5.8zm-7.8 0c.1-2.1.5-4 1.1-5.5A8 8 0 0 0 5.1 11h2zm-2 2a8 8 0 0 0 3.1 5.5c-.6-1.5-1-3.4-1.1-5.5h-2zm4 0c.2 3.3 1.4 5.6 2.9 6.9 1.5-1.3 2.7-3.6 2.9-6.9H9.1zm7.8 0c-.1 2.1-.5 4-1.1 5.5a8 8 0 0 0 3.1-5.5h-2z",
  back: "M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12 14 3.2z",
  check: "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path d={PATHS[name]} />
    </svg>
  );
}
