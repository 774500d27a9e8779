import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { UI } from '../../../common/constants/limits.ts';
import { Button } from '../../components/ui/button.tsx';

/** Appears after 300 px of scrolling and returns to the top of the page. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > UI.backToTopPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <Button
      size="icon"
      variant="outline"
      aria-label="Back to top"
      title="Back to top"
      className="fixed bottom-6 right-6 z-40 rounded-full shadow-raised animate-fade-in"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp aria-hidden />
    </Button>
  );
}
