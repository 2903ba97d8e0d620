//! The one table open to the phones at a time, as the window opens and
//! closes it: each seat's link and QR code, and whether a phone follows it.

use crate::{address, Acted, Assets, OpenError, SeatServer};
use bagless_app::games::seats::Seat;
use bagless_app::{App, AppError};
use serde::Serialize;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use ts_rs::TS;

/// Where the seat pages are served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind {
    /// The machine's address on the local network (the players' phones).
    LocalNetwork,
    /// 127.0.0.1 only: the tests'.
    Loopback,
}

/// A table open to the phones, as the host shows it.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct OpenTable {
    pub game_id: String,
    /// Where the pages are served ("192.168.1.20:41234").
    pub address: String,
    pub seats: Vec<SeatPass>,
}

/// A seat's way in: its link (with its secret token), the same as a QR
/// code, whether a phone follows it now, whether a device holds it and
/// how many devices opened its link (issue 56: "the host sees, per seat,
/// whether a phone holds it and how many devices tried").
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct SeatPass {
    pub seat: Seat,
    pub url: String,
    /// The link as a QR code, an SVG drawing.
    pub qr_svg: String,
    pub connected: bool,
    /// Whether a device claimed the seat (others are refused).
    pub held: bool,
    /// How many devices opened the link (the one holding it among them).
    pub devices: u32,
}

/// A network the host may open the table on: an interface's name and
/// its address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Network {
    pub name: String,
    pub address: String,
}

pub struct Tables {
    app: Arc<App>,
    assets: Assets,
    bind: Bind,
    /// The table open, with each seat's QR code (drawn once, at opening).
    open: tokio::sync::Mutex<Option<(SeatServer, Vec<String>)>>,
    /// The port the last table was served on.
    port: std::sync::Mutex<u16>,
    /// Told after each seat's action (the host's window shows it).
    acted: Acted,
    /// A game offered to another Bagless (issue "A campaign's whole life"
    /// 5), until it is taken, withdrawn or out of time.
    handover: tokio::sync::Mutex<Option<crate::handover::Handover>>,
    /// What another Bagless handed over, kept while the players choose.
    received: tokio::sync::Mutex<Option<Vec<u8>>>,
}

impl Tables {
    pub fn new(app: Arc<App>, assets: Assets, bind: Bind, acted: Acted) -> Tables {
        Tables {
            app,
            assets,
            bind,
            open: tokio::sync::Mutex::new(None),
            port: std::sync::Mutex::new(0),
            acted,
            handover: tokio::sync::Mutex::new(None),
            received: tokio::sync::Mutex::new(None),
        }
    }

    /// The address the servers listen on: the local network's (the tests',
    /// 127.0.0.1).
    fn bind_address(&self) -> Result<IpAddr, AppError> {
        match self.bind {
            Bind::Loopback => Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            Bind::LocalNetwork => address::local_network_address().ok_or_else(|| {
                AppError::new(
                    "no_local_network",
                    "This computer is on no local network: connect it to the same Wi-Fi as the phones, then open the table again.",
                )
            }),
        }
    }

    /// The networks the table may be opened on, the usual one first.
    pub fn networks(&self) -> Vec<Network> {
        let found = match self.bind {
            Bind::Loopback => vec![("lo".to_string(), IpAddr::V4(Ipv4Addr::LOCALHOST))],
            Bind::LocalNetwork => address::local_network_choices(),
        };
        found
            .into_iter()
            .map(|(name, address)| Network {
                name,
                address: address.to_string(),
            })
            .collect()
    }

    /// The address the table is served on: the host's choice among
    /// [`Tables::networks`], else the usual one.
    fn table_address(&self, chosen: Option<&str>) -> Result<IpAddr, AppError> {
        let Some(chosen) = chosen else {
            return self.bind_address();
        };
        self.networks()
            .into_iter()
            .find(|n| n.address == chosen)
            .and_then(|n| n.address.parse().ok())
            .ok_or_else(|| {
                AppError::new(
                    "network_unknown",
                    "This computer is not on that network any more: choose another.",
                )
            })
    }

    /// Offers the game `game_id` to another Bagless on the network, behind
    /// a new one-time code (an offer made before is withdrawn).
    pub async fn offer(&self, game_id: &str) -> Result<crate::handover::HandoverTicket, AppError> {
        let mut offered = self.handover.lock().await;
        if let Some(before) = offered.take() {
            before.close().await;
        }
        let bind = self.bind_address()?;
        let handover =
            crate::handover::Handover::open(Arc::clone(&self.app), game_id, bind).await?;
        let ticket = handover.ticket();
        *offered = Some(handover);
        Ok(ticket)
    }

    /// The offer made, and whether the other Bagless took it.
    pub async fn offered(&self) -> Option<(crate::handover::HandoverTicket, bool)> {
        self.handover
            .lock()
            .await
            .as_ref()
            .map(|h| (h.ticket(), h.taken()))
    }

    /// Withdraws the offer: its code opens nothing any more.
    pub async fn withdraw(&self) {
        if let Some(handover) = self.handover.lock().await.take() {
            handover.close().await;
        }
    }

    /// Receives the game another Bagless offers at `address` behind `code`
    /// and imports it: decided again, compared by history. When both went
    /// different ways, what arrived is kept (its code is spent) until the
    /// players choose ([`Tables::choose`]).
    pub async fn receive(
        &self,
        address: &str,
        code: &str,
    ) -> Result<bagless_app::Imported, AppError> {
        let bytes = crate::handover::receive(address, code).await?;
        let app = Arc::clone(&self.app);
        let (imported, bytes) = tokio::task::spawn_blocking(move || {
            let imported = app.import_bytes(&bytes, None);
            (imported, bytes)
        })
        .await
        .map_err(|_| AppError::new("internal", "The import stopped unexpectedly."))?;
        let imported = imported?;
        if imported.how == bagless_app::ImportHow::WentDifferentWays {
            *self.received.lock().await = Some(bytes);
        }
        Ok(imported)
    }

    /// The players' choice for the game received last, whose history and
    /// the library's went different ways.
    pub async fn choose(
        &self,
        choice: bagless_app::ForkChoice,
    ) -> Result<bagless_app::Imported, AppError> {
        let Some(bytes) = self.received.lock().await.take() else {
            return Err(AppError::new(
                "handover_nothing_received",
                "Nothing received waits for a choice: receive the campaign again.",
            ));
        };
        let app = Arc::clone(&self.app);
        tokio::task::spawn_blocking(move || app.import_bytes(&bytes, Some(choice)))
            .await
            .map_err(|_| AppError::new("internal", "The import stopped unexpectedly."))?
    }

    /// Opens the table of `game_id` to the phones, with new tokens (a table
    /// open before, of this game or another, is closed first: its links
    /// open nothing any more), on the network `network` names (its
    /// address, one of [`Tables::networks`]) or the usual one.
    pub async fn open(&self, game_id: &str, network: Option<&str>) -> Result<OpenTable, AppError> {
        let mut open = self.open.lock().await;
        if let Some((server, _)) = open.take() {
            server.close().await;
        }
        let bind = self.table_address(network)?;
        // The port of the table open before, when it is free: a link of a
        // table closed since then is refused in words, not unreachable.
        let last = *self.port.lock().unwrap_or_else(|p| p.into_inner());
        let mut opened = Err(OpenError::Listen(
            std::io::ErrorKind::AddrNotAvailable.into(),
        ));
        let ports: &[u16] = if last == 0 { &[0] } else { &[last, 0] };
        for &port in ports {
            opened = SeatServer::open_on(
                Arc::clone(&self.app),
                game_id,
                std::net::SocketAddr::new(bind, port),
                Arc::clone(&self.assets),
            )
            .await;
            if !matches!(opened, Err(OpenError::Listen(_))) {
                break;
            }
        }
        let server = opened.map_err(|error| match error {
            OpenError::Game(error) => error,
            OpenError::Listen(error) => AppError::new(
                "seats_not_served",
                format!("The phones' pages could not be served ({error})."),
            ),
        })?;
        server.on_act(Arc::clone(&self.acted));
        let codes: Vec<String> = server
            .links()
            .iter()
            .map(|link| qr_svg(&link.url))
            .collect();
        *self.port.lock().unwrap_or_else(|p| p.into_inner()) = server.address().port();
        let table = shown(&server, &codes);
        *open = Some((server, codes));
        Ok(table)
    }

    /// The seat `seat` of the table open let go by the phone holding it:
    /// the next other phone that opens its link claims it.
    pub async fn free(&self, seat: &str) -> Result<OpenTable, AppError> {
        let open = self.open.lock().await;
        let Some((server, codes)) = open.as_ref() else {
            return Err(no_table());
        };
        if !server.free(seat) {
            return Err(no_seat());
        }
        Ok(shown(server, codes))
    }

    /// The seat `seat` of the table open given a new link (and QR code),
    /// the others untouched: its old link opens nothing.
    pub async fn renew(&self, seat: &str) -> Result<OpenTable, AppError> {
        let mut open = self.open.lock().await;
        let Some((server, codes)) = open.as_mut() else {
            return Err(no_table());
        };
        if !server.renew(seat) {
            return Err(no_seat());
        }
        for (link, code) in server.links().iter().zip(codes.iter_mut()) {
            if link.seat.id == seat {
                *code = qr_svg(&link.url);
            }
        }
        Ok(shown(server, codes))
    }

    /// The table open now, if any, with who is connected.
    pub async fn status(&self) -> Option<OpenTable> {
        self.open
            .lock()
            .await
            .as_ref()
            .map(|(server, codes)| shown(server, codes))
    }

    /// Closes the table: every token forgotten. (Never refused: a table
    /// already closed stays so.)
    pub async fn close(&self) -> Result<(), AppError> {
        if let Some((server, _)) = self.open.lock().await.take() {
            server.close().await;
        }
        Ok(())
    }
}

fn no_table() -> AppError {
    AppError::new(
        "table_closed",
        "The table is not open to the phones any more: open it again.",
    )
}

fn no_seat() -> AppError {
    AppError::new("no_such_seat", "That seat is not at this game's table.")
}

fn shown(server: &SeatServer, codes: &[String]) -> OpenTable {
    OpenTable {
        game_id: server.game_id().to_string(),
        address: server.address().to_string(),
        seats: server
            .links()
            .into_iter()
            .zip(codes)
            .map(|(link, code)| SeatPass {
                qr_svg: code.clone(),
                connected: server.connected(&link.seat.id),
                held: link.holding.held,
                devices: u32::try_from(link.holding.devices).unwrap_or(u32::MAX),
                seat: link.seat,
                url: link.url,
            })
            .collect(),
    }
}

/// `text` as a QR code: an SVG drawing, black on white, with its quiet zone.
pub fn qr_svg(text: &str) -> String {
    qrcode::QrCode::new(text.as_bytes())
        .map(|code| {
            code.render::<qrcode::render::svg::Color<'_>>()
                .min_dimensions(200, 200)
                .quiet_zone(true)
                .build()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_is_drawn_as_an_svg_qr_code() {
        let svg = super::qr_svg("http://192.168.1.20:41234/s/0123456789abcdef0123456789abcdef");
        assert!(
            svg.starts_with("<?xml") && svg.contains("<svg") && svg.ends_with("</svg>"),
            "{svg}"
        );
    }
}
