/** The floating assistant's picture: a friendly round helper with a laser-orange antenna and a speech bubble. */
export function AssistantMark({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="assistant-face" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dbeafe" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="31" fill="#1d4ed8" />
      <path d="M32 9v6" stroke="#fb923c" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="8" r="3.5" fill="#f97316" />
      <rect x="14" y="17" width="36" height="28" rx="12" fill="url(#assistant-face)" />
      <rect x="10" y="26" width="5" height="10" rx="2.5" fill="#93c5fd" />
      <rect x="49" y="26" width="5" height="10" rx="2.5" fill="#93c5fd" />
      <circle cx="25" cy="30" r="3.6" fill="#1e3a8a" />
      <circle cx="39" cy="30" r="3.6" fill="#1e3a8a" />
      <circle cx="26.2" cy="28.8" r="1.1" fill="#fff" />
      <circle cx="40.2" cy="28.8" r="1.1" fill="#fff" />
      <path d="M26 37.5c3.5 3 8.5 3 12 0" stroke="#1e3a8a" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <path d="M40 46h12a4 4 0 0 1 4 4v4a4 4 0 0 1-4 4h-6l-4 3v-3h-2a4 4 0 0 1-4-4v-4a4 4 0 0 1 4-4z" fill="#f97316" />
      <circle cx="43.5" cy="52" r="1.3" fill="#fff" />
      <circle cx="47.5" cy="52" r="1.3" fill="#fff" />
      <circle cx="51.5" cy="52" r="1.3" fill="#fff" />
    </svg>
  );
}
