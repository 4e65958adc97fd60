/** The play or pause sign of the landers' shows. */
export function PlayPauseIcon({ playing, size }: { playing: boolean; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={playing ? "M6 5h4v14H6zm8 0h4v14h-4z" : "M8 5v14l11-7z"} />
    </svg>
  );
}
