//! Colours as the merchant types them and WCAG's contrast between two of them.

/// An sRGB colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// `#rrggbb` or `#rgb` (any case, spaces around allowed); nothing else.
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim().strip_prefix('#')?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |s: &str| u8::from_str_radix(s, 16).ok();
        match hex.len() {
            6 => Some(Rgb(channel(&hex[0..2])?, channel(&hex[2..4])?, channel(&hex[4..6])?)),
            3 => {
                let double = |i: usize| channel(&hex[i..i + 1]).map(|v| v * 17);
                Some(Rgb(double(0)?, double(1)?, double(2)?))
            }
            _ => None,
        }
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// This colour with `share` (0 to 1) of `other` mixed in, as `color-mix(in srgb)` would.
    pub fn mix(self, other: Rgb, share: f64) -> Rgb {
        let blend = |a: u8, b: u8| (f64::from(a) * (1.0 - share) + f64::from(b) * share).round().clamp(0.0, 255.0) as u8;
        Rgb(blend(self.0, other.0), blend(self.1, other.1), blend(self.2, other.2))
    }

    /// WCAG 2's relative luminance.
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }
}

/// WCAG 2's contrast ratio (1 to 21) between two colours.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    let (light, dark) = if la > lb { (la, lb) } else { (lb, la) };
    (light + 0.05) / (dark + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_matches_wcag() {
        assert!((contrast(Rgb::WHITE, Rgb::BLACK) - 21.0).abs() < 1e-9);
        // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
        assert!((contrast(Rgb::parse("#767676").unwrap(), Rgb::WHITE) - 4.54).abs() < 0.01);
        assert_eq!(Rgb::parse("#FfF"), Some(Rgb::WHITE));
        assert_eq!(Rgb::parse("fff"), None);
        assert_eq!(Rgb::parse("#ff"), None);
        assert_eq!(Rgb::parse("#+1+2+3"), None);
    }
}
