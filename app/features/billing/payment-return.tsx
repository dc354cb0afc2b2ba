import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/platform/ui/button";

export const RETURN_REDIRECT_SECONDS = 5;

/**
 * The pages Stripe sends the buyer back to (docs/product.md §2 "Payment return pages"): they go on to
 * /dashboard after 5 seconds or on the button. With JavaScript a countdown navigates; without
 * it a meta refresh inside <noscript> does the same (and stays inert when scripts run).
 */
export function PaymentReturn({
  title,
  tone,
  children,
}: {
  title: string;
  tone: "success" | "neutral";
  children: React.ReactNode;
}) {
  const [seconds, setSeconds] = useState(RETURN_REDIRECT_SECONDS);
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) navigate("/dashboard");
  }, [seconds, navigate]);

  return (
    <>
      <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-slate-50 px-4 py-12">
        <noscript>
          <meta httpEquiv="refresh" content={`${RETURN_REDIRECT_SECONDS};url=/dashboard`} />
        </noscript>
        <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200">
          <div
            aria-hidden="true"
            className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-2xl ${
              tone === "success" ? "bg-green-100 text-green-700" : "bg-slate-100 text-slate-600"
            }`}
          >
            {tone === "success" ? "✓" : "✕"}
          </div>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
          <div className="mt-3 text-slate-600">{children}</div>
          <p className="mt-4 text-sm text-slate-500" aria-live="polite">
            Taking you to your dashboard in {seconds} second{seconds === 1 ? "" : "s"}...
          </p>
          <Link to="/dashboard" className={buttonClass({ block: true, className: "mt-6" })}>
            Go to Dashboard
          </Link>
        </div>
      </main>
    </>
  );
}
