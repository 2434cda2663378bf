import { Eraser } from 'lucide-react';
import { type PointerEvent, useEffect, useRef } from 'react';
import { Button } from '@/client/components/ui/button';
import { SIGNATURE_BOX } from '@/domain/interventions/report';

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events, touch included; the canvas
 * takes no scrolling gesture). The strokes are kept as SVG path data in SIGNATURE_BOX coordinates,
 * whatever the screen's width: what the report stores and the PDF strokes (ADR 038).
 */
export function SignaturePad({
  label,
  value,
  onChange,
  disabled = false,
  id,
}: {
  label: string;
  value: string;
  onChange: (strokes: string) => void;
  disabled?: boolean;
  id: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const path = useRef(value);

  // Draw the stored strokes again whenever the value or the canvas's size changes.
  useEffect(() => {
    path.current = value;
    const c = canvas.current;
    if (!c) return;
    const paint = () => {
      const ratio = window.devicePixelRatio || 1;
      c.width = Math.round(c.clientWidth * ratio);
      c.height = Math.round(c.clientHeight * ratio);
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(c.width / SIGNATURE_BOX.width, 0, 0, c.height / SIGNATURE_BOX.height, 0, 0);
      ctx.lineWidth = 2;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#0b2a5b';
      ctx.clearRect(0, 0, SIGNATURE_BOX.width, SIGNATURE_BOX.height);
      if (path.current) ctx.stroke(new Path2D(path.current));
    };
    paint();
    const observer = new ResizeObserver(paint);
    observer.observe(c);
    return () => observer.disconnect();
  }, [value]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * SIGNATURE_BOX.width;
    const y = ((e.clientY - r.top) / r.height) * SIGNATURE_BOX.height;
    return `${x.toFixed(1)} ${y.toFixed(1)}`;
  };
  const extend = (segment: string) => {
    path.current = path.current ? `${path.current} ${segment}` : segment;
    const ctx = canvas.current?.getContext('2d');
    if (ctx) ctx.stroke(new Path2D(path.current));
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled || !value}
          onClick={() => onChange('')}
        >
          <Eraser className="size-4" aria-hidden="true" />
          Effacer
        </Button>
      </div>
      <canvas
        ref={canvas}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-description={
          value ? 'Signature tracée' : 'Cadre de signature vide : signez avec le doigt ou la souris'
        }
        className="block aspect-[5/2] w-full touch-none rounded-md border-2 border-dashed border-input bg-white"
        style={{ cursor: disabled ? 'not-allowed' : 'crosshair' }}
        onPointerDown={(e) => {
          if (disabled) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          extend(`M ${point(e)}`);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          extend(`L ${point(e)}`);
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          onChange(path.current);
        }}
        onPointerCancel={() => {
          drawing.current = false;
          onChange(path.current);
        }}
      />
    </div>
  );
}
