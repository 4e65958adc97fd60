/**
 * The incoming call's ring, made with WebAudio (no sound file to load): two short tones, repeated
 * every two seconds until stopped. Browsers may hold the sound back until the page was used once.
 */
export function startRingtone(): () => void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return () => {};
  const context = new Context();
  const ring = () => {
    const now = context.currentTime;
    for (const [start, frequency] of [
      [0, 440],
      [0.45, 480],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, now + start);
      gain.gain.linearRampToValueAtTime(0.15, now + start + 0.05);
      gain.gain.linearRampToValueAtTime(0, now + start + 0.4);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + 0.45);
    }
  };
  void context.resume().catch(() => {});
  ring();
  const timer = setInterval(ring, 2000);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => {});
  };
}
