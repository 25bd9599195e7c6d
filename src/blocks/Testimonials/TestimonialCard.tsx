import type { TestimonialsProps } from '../../config/generated/partner.ts';
import styles from './Testimonials.module.css';
import { DecorativeImage } from '../../ui/DecorativeImage.tsx';

type Testimonial = TestimonialsProps['items'][number];

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <DecorativeImage
          className={styles.avatar}
          src={testimonial.avatar}
          width={64}
          height={64}
        />
        <span>
          <span className={styles.author}>{testimonial.author}</span>
          <span className={styles.position}>{testimonial.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}
