import { useState } from "react";

const SIZES = { sm: "size-7 text-[11px]", md: "size-12 text-base", lg: "size-24 text-3xl" } as const;

export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => [...part][0] ?? "")
    .join("");
  return letters.toUpperCase() || "?";
}

/** Profile picture, or the initials on green when there is none or it fails to load. */
export function Avatar({
  name,
  imageUrl,
  size = "md",
  alt,
}: {
  name: string;
  imageUrl: string | null;
  size?: keyof typeof SIZES;
  /** Empty when the name is shown next to the avatar anyway. */
  alt: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = `${SIZES[size]} shrink-0 rounded-full`;
  if (imageUrl && !failed) {
    return <img src={imageUrl} alt={alt} className={`${base} bg-slate-900 object-cover`} onError={() => setFailed(true)} />;
  }
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${base} inline-flex items-center justify-center bg-gradient-to-br from-pitch-600 to-pitch-800 font-bold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
