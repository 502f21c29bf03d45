/**
 * A football, drawn so it renders everywhere (emoji fonts are missing in some webviews). The body is
 * white and the panels and seams dark, like a real ball, so it reads on any background; only the
 * outline takes the text colour (on a green button a white outline, with the panels still visible).
 */
const INK = "#0f172a";

export function BallIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden className={className}>
      <circle cx="24" cy="24" r="21" fill="#fff" stroke="currentColor" strokeWidth="2.5" />
      <path data-part="panel" d="M24 15.5l8 5.8-3.05 9.4h-9.9L16 21.3z" fill={INK} />
      <path
        d="M24 15.5V5.5M32 21.3l9.3-3M28.95 30.7l5.8 8M19.05 30.7l-5.8 8M16 21.3l-9.3-3"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M19 4.4l5 1.1 5-1.1-1 3.2h-8zM43.3 16.2l-.4 5.1 2.6 4.4.2-4.2zM37.7 41.5l-3-4.1.4 5zM10.3 41.5l3-4.1-.4 5zM4.7 16.2l.4 5.1-2.6 4.4-.2-4.2z" fill={INK} />
    </svg>
  );
}
