export function Logo() {
  return (
    <span className="inline-flex items-center gap-2.5 text-fg">
      <svg viewBox="0 0 512 512" className="size-9" aria-hidden="true">
        <rect width="512" height="512" rx="128" fill="#0B6E4F" />
        <circle cx="256" cy="256" r="132" fill="none" stroke="#fff" strokeWidth="56" />
        <circle cx="360" cy="152" r="40" fill="#F5B841" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight">Owo</span>
    </span>
  );
}
